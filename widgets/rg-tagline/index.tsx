import './styles.css';
import { Link } from 'react-router-dom';
import type { RgTaglineProps } from '../../src/generated/widgets/rg-tagline';
import { useTranslation } from '../../src/lib/i18n';
import { useRuntime } from '../../src/lib/runtime';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

const RG_ROUTE = href('responsibleGaming');

/** "Gamble responsibly · 21+": the tenant's age limit, a link to the responsible-gaming page. */
export function RgTagline({ to = RG_ROUTE }: WidgetComponentProps<RgTaglineProps>) {
  const { t } = useTranslation();
  const { tenant } = useRuntime();
  return (
    <p className="rg-tagline">
      <Link className="rg-tagline__link" to={to} data-testid="rg-tagline">
        {t('rg_tagline', { age: tenant.settings.ageLimit })}
      </Link>
    </p>
  );
}

export default defineWidget<RgTaglineProps>({
  name: 'rg-tagline',
  version: '1.0.0',
  propsSchema,
  defaults: { to: RG_ROUTE },
  component: RgTagline,
});
