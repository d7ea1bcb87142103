import './styles.css';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MissionTasksProps } from '../../src/generated/widgets/mission-tasks';
import { FormError, SubmitButton, type FieldMessage } from '../../src/components/form';
import { ApiFailure } from '../../src/lib/api/client';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { currentLanguageCode } from '../../src/lib/language';
import { useMemberScope, useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  actOnPromotion,
  claimMissionTask,
  newRewardKey,
  useMissions,
  useRevalidateMissions,
  useRevalidateRewards,
  type Mission,
  type MissionClaim,
  type MissionTask,
  type MissionTaskState,
} from '../../src/features/engagement';
import { percentDone } from '../../src/domain/money';
import { formatRecordMoney, formatRecordTime } from '../../src/features/records';
import { href } from '../../src/lib/routes';

const STATE_LABELS: Readonly<Record<MissionTaskState, TranslationKey>> = {
  locked: 'mission_state_locked',
  process: 'mission_state_process',
  complete: 'mission_state_complete',
  claimed: 'mission_state_claimed',
};

/** What a failed call says: the server's key (not joined, unmet, claimed) or a generic one. */
function failure(error: unknown): FieldMessage {
  return error instanceof ApiFailure ? { key: error.messageKey } : { key: 'unknown_error' };
}

/** The share of the target done, 0 to 100. */
const percentOf = (task: MissionTask): number => percentDone(task.progress, task.target);

interface TaskProps {
  task: MissionTask;
  symbol: string;
  timeZone: string;
  playTo: string;
  onClaim(): Promise<void>;
  error: FieldMessage | null;
}

function TaskCard({ task, symbol, timeZone, playTo, onClaim, error }: TaskProps) {
  const { t } = useTranslation();
  const done = formatRecordMoney(symbol, Math.min(task.progress, task.target));
  const target = formatRecordMoney(symbol, task.target);
  const percent = percentOf(task);
  return (
    <li className={`mission-task mission-task--${task.state}`} data-testid="mission-task" data-task-id={task.id}>
      <div className="mission-task__head">
        <p className="mission-task__title">{task.title}</p>
        <p className="mission-task__state" data-testid="mission-task-state">
          {t(STATE_LABELS[task.state])}
        </p>
      </div>
      <div className="mission-task__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={task.title}>
        <span className="mission-task__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="mission-task__amounts" data-testid="mission-task-progress">
        {t('mission_progress', { done, target })}
      </p>
      <p className="mission-task__note" data-testid="mission-task-reward">
        {task.rewardAmount > 0
          ? t('mission_reward', { amount: formatRecordMoney(symbol, task.rewardAmount), points: task.points, multiplier: task.turnoverMultiplier })
          : t('mission_reward_points', { points: task.points })}
      </p>
      <p className="mission-task__note" data-testid="mission-task-period">
        {task.period === 'week' && task.periodEndsAt
          ? t('mission_period_week', { time: formatRecordTime(task.periodEndsAt, timeZone) })
          : t('mission_period_promotion')}
      </p>
      {task.state === 'complete' ? (
        <form className="mission-task__claim" method="post" noValidate>
          {error ? <FormError error={error} /> : null}
          <SubmitButton className="button button--primary mission-task__action" onSubmit={onClaim}>
            {t('mission_claim')}
          </SubmitButton>
        </form>
      ) : null}
      {task.state === 'process' ? (
        <Link className="button button--secondary mission-task__action" to={playTo}>
          {t('mission_play')}
        </Link>
      ) : null}
    </li>
  );
}

function MissionTasks({ playTo = href('gameList') }: WidgetComponentProps<MissionTasksProps>) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
  const timeZone = tenantTimeZone(tenant);
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  const lang = currentLanguageCode(i18n, tenant);
  // Progress is the member's: read after hydration, per member (a visitor sees the tasks locked).
  const missions = useMissions(lang, hydrated ? (signedIn && scope ? scope : '') : null);
  const revalidateMissions = useRevalidateMissions();
  const revalidateRewards = useRevalidateRewards();
  const [errors, setErrors] = useState<Readonly<Record<string, FieldMessage>>>({});
  const [claimed, setClaimed] = useState<MissionClaim | null>(null);
  // One key per task and claim attempt: a retry after a failure that may hide a granted claim
  // sends it again, and the server answers that claim instead of granting twice.
  const attemptKeys = useRef(new Map<number, string>());

  if (!hydrated || (!missions.data && !missions.error)) return <div className="mission-tasks mission-tasks--loading" aria-busy="true" />;
  const data = missions.data;
  if (!data) {
    return (
      <div className="mission-tasks mission-tasks--failed">
        <FormError error={failure(missions.error)} />
        <button type="button" className="button button--secondary" onClick={() => void missions.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (data.list.length === 0) {
    return (
      <p className="mission-tasks mission-tasks--empty" data-testid="mission-empty">
        {t('mission_empty')}
      </p>
    );
  }

  const setError = (key: string, error: FieldMessage | null) =>
    setErrors(({ [key]: _, ...rest }) => (error ? { ...rest, [key]: error } : rest));

  const join = (mission: Mission) => async () => {
    setError(mission.code, null);
    try {
      await actOnPromotion(mission.code, {});
    } catch (err) {
      setError(mission.code, failure(err));
    }
    await revalidateMissions();
  };

  const claim = (mission: Mission, task: MissionTask) => () => {
    const errorKey = `${mission.code}:${task.id}`;
    setError(errorKey, null);
    setClaimed(null);
    const key = attemptKeys.current.get(task.id) ?? newRewardKey();
    attemptKeys.current.set(task.id, key);
    return claimMissionTask(mission.code, task.id, key).then(
      (result) => {
        attemptKeys.current.delete(task.id);
        setClaimed(result);
        void revalidateMissions();
        void revalidateRewards();
      },
      (err: unknown) => {
        setError(errorKey, failure(err));
        // A refusal (claimed elsewhere, not complete) changes the list: it is read again.
        if (err instanceof ApiFailure && err.status !== 0) {
          attemptKeys.current.delete(task.id);
          void revalidateMissions();
        }
      },
    );
  };

  return (
    <div className="mission-tasks">
      {claimed ? (
        <p className="mission-tasks__done" role="status" data-testid="mission-claimed">
          {claimed.task.rewardAmount > 0
            ? t('mission_claimed_reward', { amount: formatRecordMoney(symbol, claimed.task.rewardAmount), points: claimed.task.points })
            : t('mission_claimed_points', { points: claimed.task.points })}
        </p>
      ) : null}
      {data.list.map((mission) => (
        <section key={mission.code} className="mission-tasks__mission" data-testid="mission" data-mission-code={mission.code}>
          <div className="mission-tasks__head">
            <h2 className="mission-tasks__title">{mission.title}</h2>
            {signedIn ? (
              <p className="mission-tasks__points" data-testid="mission-points">
                {t('mission_points', { points: mission.points })}
              </p>
            ) : null}
          </div>
          {mission.status ? <p className="mission-tasks__status">{t(mission.status === 'closed' ? 'mission_closed' : 'mission_coming_soon')}</p> : null}
          {!signedIn ? (
            <button type="button" className="button button--primary mission-tasks__join" onClick={requireLogin}>
              {t('mission_join')}
            </button>
          ) : mission.canJoin ? (
            <form className="mission-tasks__join-form" method="post" noValidate>
              {errors[mission.code] ? <FormError error={errors[mission.code]} /> : null}
              <SubmitButton className="button button--primary mission-tasks__join" onSubmit={join(mission)}>
                {t('mission_join')}
              </SubmitButton>
            </form>
          ) : mission.joined ? (
            <p className="mission-tasks__joined" data-testid="mission-joined">
              {t('mission_joined')}
            </p>
          ) : null}
          <ul className="mission-tasks__list">
            {mission.tasks.map((task) => (
              <TaskCard
                key={task.id}
                task={task}
                symbol={symbol}
                timeZone={timeZone}
                playTo={playTo}
                onClaim={claim(mission, task)}
                error={errors[`${mission.code}:${task.id}`] ?? null}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default MissionTasks;
