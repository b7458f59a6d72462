import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { t } from '../i18n.ts';

/** Where the metrics server listens. */
export interface ListenAddress {
  host: string;
  port: number;
}

/**
 * "9464" (this computer only: 127.0.0.1), "127.0.0.1:9464", "[::1]:9464" or
 * "0.0.0.0:9464" (every interface, when the person writes it). A usage error
 * names the rule the text broke (exit 2).
 */
export function parseListen(text: string): ListenAddress {
  const trimmed = text.trim();
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(trimmed);
  const port = match ? Number(match[2]) : NaN;
  if (!match || port < 1 || port > 65535) throw new CliError(t('config.badListen', { got: JSON.stringify(text) }), EXIT.usage, 'usage');
  const host = (match[1] ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1');
  return { host, port };
}
