import { Trans, useTranslation } from 'react-i18next';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import type { MessageValues } from '../../../shared/i18n/i18n.ts';
import { useLanguage } from '../i18n.ts';

/**
 * A message with emphasis inside ("Saved <strong>3.25 TRX</strong> this
 * month"): the catalogue keeps the whole sentence, so each language puts the
 * emphasis where its word order needs it (react-i18next's Trans; values escaped by React).
 */
export function RichText({ k, values }: { k: KeyOf<'renderer'>; values: MessageValues }) {
  const language = useLanguage();
  const { t } = useTranslation('renderer', { lng: language });
  return <Trans t={t} i18nKey={k as never} values={values} components={{ strong: <strong /> }} />;
}
