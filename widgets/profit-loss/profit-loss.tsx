import './styles.css';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ProfitLossProps } from '../../src/generated/widgets/profit-loss';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  formatRecordMoney,
  formatSignedMoney,
  periodMessage,
  pnlSections,
  pnlSentence,
  RangeBar,
  rangeOfSearch,
  rangeQuery,
  recordsPath,
  RecordsError,
  RecordsSkeleton,
  ResultCard,
  toneOf,
  usePnl,
  useRecordSearch,
  withRange,
} from '../../src/features/records';
import { href } from '../../src/lib/routes';

/**
 * Profit and loss over the chosen days (kept in the address, ?range=...): the result in one plain
 * sentence, the figures behind it by group, and links to the bets and account entries of the same
 * days.
 */
function ProfitLoss({ betsTo = href('gameRecord'), accountTo = href('transactionRecord') }: WidgetComponentProps<ProfitLossProps>) {
  const { t } = useTranslation();
  const id = useId();
  const symbol = useTenant().settings.currency.symbol;
  const { params, replace } = useRecordSearch();
  const range = rangeOfSearch(params);
  const pnl = usePnl(useMemberScope(), rangeQuery(range));
  const data = pnl.data;

  let body;
  if (data) {
    const period = periodMessage({ choice: range.choice, start: data.range.start, end: data.range.end });
    const sentence = pnlSentence(data, symbol, t(period.key, period.params));
    body = (
      <>
        <ResultCard labelId={`${id}-result`} label="pnl_result" amount={data.result}>
          <p className="profit-loss__sentence">{t(sentence.key, sentence.params)}</p>
          <p className="profit-loss__hint">{t('pnl_result_hint')}</p>
          <p className="profit-loss__count">{t('pnl_bet_count', { count: data.betCount })}</p>
        </ResultCard>
        {pnlSections(data).map((section) => (
          <section key={section.id} className="profit-loss__section" aria-labelledby={`${id}-${section.id}`} data-section={section.id}>
            <h3 className="profit-loss__section-title" id={`${id}-${section.id}`}>
              {t(section.title)}
            </h3>
            <dl className="profit-loss__cards">
              {section.cards.map((card) => (
                <div key={card.id} className="profit-loss__card" data-figure={card.id}>
                  <dt className="profit-loss__card-label">{t(card.label)}</dt>
                  <dd className={`profit-loss__card-value profit-loss__card-value--${card.signed ? toneOf(card.amount) : 'neutral'}`}>
                    {card.signed ? formatSignedMoney(symbol, card.amount) : formatRecordMoney(symbol, card.amount)}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </>
    );
  } else if (pnl.error) {
    body = <RecordsError onRetry={() => void pnl.mutate()} />;
  } else {
    // Also the server's render and a visitor's: the frame, filled once the member's figures load.
    body = <RecordsSkeleton rows={4} />;
  }

  return (
    <div className="profit-loss">
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} />
      {body}
      <nav className="profit-loss__links" aria-label={t('profit_and_loss')}>
        <Link className="profit-loss__link" to={recordsPath(betsTo, range)}>
          {t('pnl_link_bets')}
        </Link>
        <Link className="profit-loss__link" to={recordsPath(accountTo, range)}>
          {t('pnl_link_account')}
        </Link>
      </nav>
    </div>
  );
}

export default ProfitLoss;
