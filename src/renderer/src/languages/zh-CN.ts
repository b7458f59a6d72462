/** The page's zh-CN catalogues in one chunk, loaded when main resolves to zh-CN (catalogues.ts). */
import decisions from '../../../shared/i18n/locales/zh-CN/decisions.json' with { type: 'json' };
import errors from '../../../shared/i18n/locales/zh-CN/errors.json' with { type: 'json' };
import notices from '../../../shared/i18n/locales/zh-CN/notices.json' with { type: 'json' };
import renderer from '../../../shared/i18n/locales/zh-CN/renderer.json' with { type: 'json' };
import type { PageCatalogues } from '../catalogues.ts';

export const CATALOGUES: PageCatalogues = { renderer, errors, decisions, notices };
