/** The page's ru catalogues in one chunk, loaded when main resolves to ru (catalogues.ts). */
import decisions from '../../../shared/i18n/locales/ru/decisions.json' with { type: 'json' };
import errors from '../../../shared/i18n/locales/ru/errors.json' with { type: 'json' };
import notices from '../../../shared/i18n/locales/ru/notices.json' with { type: 'json' };
import renderer from '../../../shared/i18n/locales/ru/renderer.json' with { type: 'json' };
import type { PageCatalogues } from '../catalogues.ts';

export const CATALOGUES: PageCatalogues = { renderer, errors, decisions, notices };
