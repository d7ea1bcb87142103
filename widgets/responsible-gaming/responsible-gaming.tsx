import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { href, KNOWN_PATHS } from '../../src/lib/routes';
import { useRuntime } from '../../src/lib/runtime';

export const QUESTIONS: readonly TranslationKey[] = ['rg_q1', 'rg_q2', 'rg_q3', 'rg_q4', 'rg_q5', 'rg_q6'];

/** The protection tools, each shown once its route exists (limits and the statement come with their screens). */
const TOOLS: readonly { to: string; label: TranslationKey }[] = [
  { to: href('limits'), label: 'rg_limits' },
  { to: href('statement'), label: 'rg_statement' },
  { to: href('realityCheck'), label: 'rg_reality_check' },
  { to: href('selfExclusion'), label: 'rg_self_exclusion' },
];

/** Yes answers counted on the phone only; help is suggested from `threshold` of them. */
function SelfAssessment({ threshold }: { threshold: number }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const answered = Object.keys(answers).length;
  const yes = Object.values(answers).filter(Boolean).length;
  return (
    <section className="responsible-gaming__section" aria-labelledby="rg-assessment">
      <h2 id="rg-assessment" className="responsible-gaming__heading">
        {t('rg_self_test_title')}
      </h2>
      <p className="responsible-gaming__note">{t('rg_self_test_intro')}</p>
      <ol className="responsible-gaming__questions">
        {QUESTIONS.map((q) => (
          <li key={q} className="responsible-gaming__question">
            <span>{t(q)}</span>
            <span className="responsible-gaming__answers" role="group" aria-label={t(q)}>
              {([true, false] as const).map((value) => (
                <button
                  key={String(value)}
                  type="button"
                  className={`responsible-gaming__answer${answers[q] === value ? ' responsible-gaming__answer--on' : ''}`}
                  aria-pressed={answers[q] === value}
                  onClick={() => setAnswers((a) => ({ ...a, [q]: value }))}
                >
                  {t(value ? 'rg_yes' : 'rg_no')}
                </button>
              ))}
            </span>
          </li>
        ))}
      </ol>
      {answered > 0 ? (
        <p className={`responsible-gaming__result${yes >= threshold ? ' responsible-gaming__result--high' : ''}`} role="status" data-testid="rg-result">
          {t(yes >= threshold ? 'rg_result_high' : 'rg_result_low', { count: yes, total: QUESTIONS.length })}
        </p>
      ) : null}
    </section>
  );
}

function Helplines() {
  const { t } = useTranslation();
  const { tenant } = useRuntime();
  const lines = tenant.settings.protection?.helplines ?? [];
  if (lines.length === 0) return null;
  return (
    <section className="responsible-gaming__section" aria-labelledby="rg-helplines">
      <h2 id="rg-helplines" className="responsible-gaming__heading">
        {t('rg_helplines')}
      </h2>
      <ul className="responsible-gaming__helplines">
        {lines.map((line) => (
          <li key={line.name} className="responsible-gaming__helpline">
            <strong>{line.name}</strong>
            {line.phone ? <a href={`tel:${line.phone.replace(/[^0-9+]/g, '')}`}>{t('rg_call', { phone: line.phone })}</a> : null}
            {line.url ? (
              <a href={line.url} target="_blank" rel="noopener noreferrer">
                {t('rg_website')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Tools() {
  const { t } = useTranslation();
  const tools = TOOLS.filter((tool) => KNOWN_PATHS.has(tool.to));
  return (
    <section className="responsible-gaming__section" aria-labelledby="rg-tools">
      <h2 id="rg-tools" className="responsible-gaming__heading">
        {t('rg_tools')}
      </h2>
      <ul className="responsible-gaming__tools">
        {tools.map((tool) => (
          <li key={tool.to}>
            <Link className="responsible-gaming__tool" to={tool.to}>
              {t(tool.label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The responsible-gaming page's tools under the tenant's text. */
export default function ResponsibleGamingView({ assessment, threshold, helplines, tools }: { assessment: boolean; threshold: number; helplines: boolean; tools: boolean }) {
  return (
    <div className="responsible-gaming">
      {tools ? <Tools /> : null}
      {assessment ? <SelfAssessment threshold={threshold} /> : null}
      {helplines ? <Helplines /> : null}
    </div>
  );
}
