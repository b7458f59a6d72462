import { parseLanguage, SUPPORTED_LANGUAGES, type Language } from '../../../shared/i18n/languages.ts';
import { useT } from '../i18n.ts';

/** Each language by its own name, the same in every language (a reader finds theirs whatever the dashboard speaks). */
// eslint-disable-next-line no-restricted-syntax -- each language's own name, never translated
const AUTONYMS: Readonly<Record<Language, string>> = { en: 'English', 'zh-CN': '简体中文', ru: 'Русский' };

/** System (the OS's language, as main reads it), or one of the languages Energy Tray speaks. */
export function LanguagePicker({ value, onChange }: { value: Language | null; onChange: (language: Language | null) => void }) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor="language">{t('settings.language')}</label>
      <select id="language" value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : parseLanguage(e.target.value))}>
        <option value="">{t('settings.languageSystem')}</option>
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {AUTONYMS[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
