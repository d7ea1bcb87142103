import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { Link } from 'react-router-dom';
import { Modal } from '../../src/components/modal';
import type { GameListCategoryLink } from '../../src/generated/widgets/game-list';
import type { GameClassify } from '../../src/features/games';

export interface FilterOption {
  code: string;
  name: string;
}

export interface FilterValues {
  vassalage: string;
  gameClassify: GameClassify;
  minBet: number | null;
}

export interface FilterPanelProps {
  /** Slot game type and minimum bet show only for the slot category (RNG). */
  slots: boolean;
  vendors: readonly FilterOption[];
  slotTypes: readonly FilterOption[];
  minBetOptions: readonly number[];
  categoryLinks: readonly GameListCategoryLink[];
  value: FilterValues;
  /** The classification of the all tab (NEW on slots, else ALL): what "all" means in the panel. */
  defaultClassify: GameClassify;
  onSubmit: (values: FilterValues) => void;
  onReset: () => void;
  onClose: () => void;
}

/** Classifications every slot list offers before the server's slot types. */
const BASE_CLASSIFY: readonly { code: GameClassify; label: 'all' | 'new' | 'hot' }[] = [
  { code: 'ALL', label: 'all' },
  { code: 'NEW', label: 'new' },
  { code: 'HOT', label: 'hot' },
];

function Choice({ selected, onClick, children }: { selected: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={`game-filter__choice${selected ? ' game-filter__choice--on' : ''}`} aria-pressed={selected} onClick={onClick}>
      {children}
    </button>
  );
}

/** A bottom sheet in the game list's own look (styles.css). */
export const SHEET = { mask: 'game-filter', panel: 'game-filter__panel' } as const;

/**
 * The filter panel (spec section 2): vendors; slot game type and minimum bet (slots only); submit,
 * reset; links to the other game categories. Choices are a draft until submitted.
 */
export function FilterPanel({
  slots,
  vendors,
  slotTypes,
  minBetOptions,
  categoryLinks,
  value,
  defaultClassify,
  onSubmit,
  onReset,
  onClose,
}: FilterPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterValues>(value);

  const set = (patch: Partial<FilterValues>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <Modal labelledBy="game-filter-title" onDismiss={onClose} frame={SHEET} initialFocus="panel">
      <div className="game-filter__head">
        <h2 id="game-filter-title">{t('filter')}</h2>
        <button type="button" className="game-filter__close" aria-label={t('close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="game-filter__body">
        <fieldset className="game-filter__group">
          <legend>{t('vendors')}</legend>
          <Choice selected={draft.vassalage === ''} onClick={() => set({ vassalage: '' })}>
            {t('all')}
          </Choice>
          {vendors.map((v) => (
            <Choice key={v.code} selected={draft.vassalage === v.code} onClick={() => set({ vassalage: v.code })}>
              {v.name}
            </Choice>
          ))}
        </fieldset>
        {slots ? (
          <>
            <fieldset className="game-filter__group">
              <legend>{t('slot_type')}</legend>
              {BASE_CLASSIFY.map((c) => (
                <Choice key={c.code} selected={draft.gameClassify === c.code} onClick={() => set({ gameClassify: c.code })}>
                  {t(c.label)}
                </Choice>
              ))}
              {slotTypes.map((s) => (
                <Choice key={s.code} selected={draft.gameClassify === s.code} onClick={() => set({ gameClassify: s.code as GameClassify })}>
                  {s.name}
                </Choice>
              ))}
            </fieldset>
            <fieldset className="game-filter__group">
              <legend>{t('minimum_bet')}</legend>
              <Choice selected={draft.minBet === null} onClick={() => set({ minBet: null })}>
                {t('all')}
              </Choice>
              {minBetOptions.map((bet) => (
                <Choice key={bet} selected={draft.minBet === bet} onClick={() => set({ minBet: bet })}>
                  {bet}
                </Choice>
              ))}
            </fieldset>
          </>
        ) : null}
        {categoryLinks.length > 0 ? (
          <nav className="game-filter__group game-filter__links" aria-labelledby="game-filter-others">
            <h3 id="game-filter-others">{t('other_categories')}</h3>
            {categoryLinks.map((link) => (
              <Link key={link.to} to={link.to} className="game-filter__link" onClick={onClose}>
                {t(link.label)}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      <div className="game-filter__actions">
        <button
          type="button"
          className="game-filter__reset"
          onClick={() => {
            setDraft({ vassalage: '', gameClassify: defaultClassify, minBet: null });
            onReset();
          }}
        >
          {t('reset')}
        </button>
        <button type="button" className="game-filter__submit" onClick={() => onSubmit(draft)}>
          {t('submit')}
        </button>
      </div>
    </Modal>
  );
}
