import type { Tenant } from '../../src/generated/tenant';
import type { RichTextProps } from '../../src/generated/widgets/rich-text';
import { useTranslation } from '../../src/lib/i18n';
import { useContentLanguage } from '../../src/lib/language';
import { richText } from '../../src/lib/rich-text';
import { useRuntime } from '../../src/lib/runtime';

type ContentName = NonNullable<RichTextProps['content']>;

/** The text in the language shown, else the tenant's default language, else EN, else none. */
export function contentText(tenant: Tenant, name: ContentName, lang: string): string | null {
  const texts = tenant.content?.[name] ?? {};
  return texts[lang] || texts[tenant.i18n.default] || texts.EN || null;
}

/** A tenant text as sanitised elements, the same on the server and after hydration. */
export default function RichTextView({ content }: { content: ContentName }) {
  const { t, i18n } = useTranslation();
  const { tenant } = useRuntime();
  const lang = useContentLanguage(i18n, tenant);
  const html = contentText(tenant, content, lang);
  if (!html) return <p className="rich-text rich-text--empty">{t('no_data')}</p>;
  return (
    <article className={`rich-text rich-text--${content}`} data-testid={`rich-text-${content}`}>
      {richText(html)}
    </article>
  );
}
