import './styles.css';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { InvitedFriendsProps } from '../../src/generated/widgets/invited-friends';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import { useLinkOpen, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { REFERRAL_FRIENDS_ENDPOINT, type InvitedFriend } from '../../src/features/engagement';
import { formatRecordMoney, formatRecordTime, RecordListView, RecordRow, StateBadge, TotalsStrip, useRecordList, type TotalItem } from '../../src/features/records';
import { href } from '../../src/lib/routes';

/** Friends have no id on the wire: the masked account and the registration time tell them apart. */
const friendKey = (row: InvitedFriend) => `${row.regDate}:${row.account}`;

function InvitedFriends({ pageSize = 20, rewardsTo = href('rewardCenter') }: WidgetComponentProps<InvitedFriendsProps>) {
  const { t } = useTranslation();
  const titleId = useId();
  const tenant = useTenant();
  const linkOpen = useLinkOpen();
  const symbol = tenant.settings.currency.symbol;
  const timeZone = tenantTimeZone(tenant);
  const list = useRecordList(REFERRAL_FRIENDS_ENDPOINT, {}, { keyOf: friendKey, pageSize });
  const first = list.first;
  const items: TotalItem[] = [
    { label: 'invite_total_invited', value: first?.invitedTotal ?? 0, count: true },
    { label: 'invite_total_deposited', value: first?.depositedTotal ?? 0, count: true },
    { label: 'invite_total_rewards', value: first?.rewardsEarned ?? 0, tone: 'plus' },
  ];

  return (
    <section className="invited-friends" aria-labelledby={titleId}>
      <h2 id={titleId} className="invited-friends__title">
        {t('invite_friends_list')}
      </h2>
      <TotalsStrip items={items} loading={!first} />
      {linkOpen(rewardsTo) ? (
        <Link className="invited-friends__rewards" to={rewardsTo}>
          {t('invite_rewards_link')}
        </Link>
      ) : null}
      <RecordListView
        list={list}
        label={t('invite_friends_list')}
        renderRow={(row) => (
          <li key={friendKey(row)} data-testid="invited-friend">
            <RecordRow
              title={row.account}
              subtitle={t('invite_registered_at', { time: formatRecordTime(row.regDate, timeZone) })}
              amount={row.reward > 0 ? formatRecordMoney(symbol, row.reward) : ''}
              amountTone={row.reward > 0 ? 'plus' : 'neutral'}
              badge={<StateBadge tone={row.deposited ? 'success' : 'muted'}>{t(row.deposited ? 'invite_deposited' : 'invite_not_deposited')}</StateBadge>}
            />
          </li>
        )}
      />
    </section>
  );
}

export default InvitedFriends;
