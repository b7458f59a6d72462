import type { IncomingMessage } from 'node:http';
import { addressOfBytes, readBase58, readHex } from './address-codec.ts';

/**
 * A request as java-tron's HTTP servlets read it (framework/.../services/http):
 * GET takes query parameters and `visible` from the query (Util.getVisible);
 * POST takes a JSON body, or a form body turned into JSON
 * (PostParams.getPostParams), and `visible` from the body
 * (Util.getVisiblePost: true or "true", any case). Integers in the body are
 * read exactly (bigint), as fastjson does.
 *
 * An address is read in one of java-tron's two ways, and each fails its own way:
 * - `merge`: JsonFormat.merge into the request message (getaccount, the
 *   contract calls): bad hex or a bad base58 character is a
 *   JsonFormat$ParseException at the value's line:column; a base58 text whose
 *   checksum or prefix is wrong makes a NullPointerException;
 * - `hex`: the servlet converts the text itself (Util.getHexAddress, then
 *   ByteArray.fromHexString: getaccountresource, the GET forms): a bad base58
 *   character is an IllegalArgumentException, bad hex a DecoderException, and
 *   a wrong checksum leaves an empty address, answered `{}`.
 */

export interface NodeRequest {
  readonly method: string;
  readonly visible: boolean;
  /** Query parameters (text), or the POST body's object; null for an empty POST body. */
  readonly params: Readonly<Record<string, unknown>> | null;
  /** The JSON text java-tron's parser reads, for error positions. */
  readonly text: string;
  /** A POST body fastjson cannot read: thrown by the first servlet step that reads the body. */
  readonly invalid?: NodeRequestError;
}

/** A request the servlet cannot read: HTTP 200 with {"Error": "<exception class> : <message>"}. */
export class NodeRequestError extends Error {
  override readonly name = 'NodeRequestError';
  constructor(javaClass: string, message: string | null) {
    super(`class ${javaClass} : ${message ?? 'null'}`);
  }
}

export const PARSE_EXCEPTION = 'org.tron.core.services.http.JsonFormat$ParseException';
const NPE = 'java.lang.NullPointerException';
const HEX_ERROR = 'exception decoding Hex string: invalid characters encountered in Hex string';

function isFormBody(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** JSON.parse keeping every integer exactly as a bigint (Node's reviver gives the source text). */
export function parseExactJson(text: string): unknown {
  type Context = { source?: string };
  const reviver = (_key: string, value: unknown, context?: Context): unknown =>
    typeof value === 'number' && context?.source !== undefined && /^-?\d+$/.test(context.source) ? BigInt(context.source) : value;
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}

function jsonError(err: unknown): NodeRequestError {
  const detail = err instanceof Error ? err.message.replace(/^Unexpected /, 'syntax error, unexpected ') : 'syntax error';
  return new NodeRequestError('com.alibaba.fastjson.JSONException', detail);
}

/** The body as an object, or null when blank; throws java-tron's error for what fastjson cannot read. */
function bodyObject(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = parseExactJson(text);
  } catch (err) {
    throw jsonError(err);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new NodeRequestError('com.alibaba.fastjson.JSONException', 'can not cast to JSONObject.');
  }
  return value as Record<string, unknown>;
}

const isTrue = (value: unknown): boolean => value === true || (typeof value === 'string' && value.toLowerCase() === 'true');

/** Reads a GET or POST the way the servlets do; a POST body fastjson cannot read is kept as `invalid`. */
export function readNodeRequest(req: IncomingMessage, url: URL, body: string): NodeRequest {
  const method = req.method ?? 'GET';
  if (method !== 'POST') {
    const params = Object.fromEntries(url.searchParams);
    return { method, visible: isTrue(params['visible'] ?? ''), params, text: '' };
  }
  let text = body;
  if (isFormBody(req) && bodyObjectOrUndefined(text) === undefined) {
    text = JSON.stringify(Object.fromEntries(new URLSearchParams(body)));
  }
  try {
    const params = bodyObject(text);
    return { method, visible: isTrue(params?.['visible']), params, text };
  } catch (err) {
    if (!(err instanceof NodeRequestError)) throw err;
    return { method, visible: false, params: null, text, invalid: err };
  }
}

/** The parameters, or the body's parse error thrown as the servlet would meet it. */
export function paramsOf(request: NodeRequest): Readonly<Record<string, unknown>> | null {
  if (request.invalid) throw request.invalid;
  return request.params;
}

function bodyObjectOrUndefined(text: string): Record<string, unknown> | null | undefined {
  try {
    return bodyObject(text);
  } catch {
    return undefined;
  }
}

/** The 1-based line:column where the value of `key` starts, as JsonFormat's Tokenizer reports it. */
function positionOf(text: string, key: string): string {
  const match = new RegExp(`"${key}"\\s*:\\s*`).exec(text);
  const offset = match ? match.index + match[0].length : 0;
  const before = text.slice(0, offset).split(/\r?\n/);
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/** The text a servlet reads for a parameter: GET values are text; JSON values are read as fastjson's getString would. */
export function textParam(request: NodeRequest, key: string): string | undefined {
  const value = paramsOf(request)?.[key];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : String(value);
}

/**
 * An address read by JsonFormat.merge: its bytes, or empty when absent. For
 * GET the servlet builds {"<key>":"<value>"} itself, so positions refer to
 * that text.
 */
export function mergedAddress(request: NodeRequest, key: string): Buffer {
  const value = paramsOf(request)?.[key];
  if (value === undefined || value === null) return Buffer.alloc(0);
  const text = request.method === 'POST' ? request.text : JSON.stringify({ [key]: value });
  const at = positionOf(text, key);
  if (typeof value !== 'string') throw new NodeRequestError(PARSE_EXCEPTION, `${at}: Expected string.`);
  if (!request.visible) {
    const bytes = readHex(value);
    if (bytes === undefined) throw new NodeRequestError(PARSE_EXCEPTION, `${at}: INVALID hex String`);
    return bytes;
  }
  const reading = readBase58(value);
  if (reading.kind === 'illegal') throw new NodeRequestError(PARSE_EXCEPTION, `${at}: INVALID base58 String, ${reading.message}`);
  if (reading.kind === 'null') throw new NodeRequestError(NPE, null);
  return reading.bytes;
}

/** An int64 read by JsonFormat.merge (NumberMessage.num): 0 when absent. */
export function mergedInt(request: NodeRequest, key: string): bigint {
  const value = paramsOf(request)?.[key];
  if (value === undefined || value === null) return 0n;
  if (typeof value === 'bigint') return value;
  throw new NodeRequestError(PARSE_EXCEPTION, `${positionOf(request.text, key)}: Expected integer.`);
}

/** An address converted by the servlet itself (Util.getHexAddress, ByteArray.fromHexString): its bytes, empty when unreadable. */
export function convertedAddress(request: NodeRequest, key: string): Buffer {
  // A POST servlet parses the body with fastjson first: an empty body is a null object.
  if (request.method === 'POST' && paramsOf(request) === null) throw new NodeRequestError(NPE, null);
  const value = textParam(request, key);
  if (value === undefined) return Buffer.alloc(0);
  if (request.visible) {
    const reading = readBase58(value);
    if (reading.kind === 'illegal') throw new NodeRequestError('java.lang.IllegalArgumentException', reading.message);
    return reading.kind === 'address' ? reading.bytes : Buffer.alloc(0);
  }
  const bytes = readHex(value);
  if (bytes === undefined) throw new NodeRequestError('org.bouncycastle.util.encoders.DecoderException', HEX_ERROR);
  return bytes;
}

/** An account the simulator could hold, from address bytes (undefined: no such account). */
export const accountOf = (bytes: Buffer): string | undefined => addressOfBytes(bytes);

/** The hex of a contract call's `parameter` as Util.parseMethod and fromHexString read it; throws DecoderException for non-hex. */
export function hexBytes(text: string): Buffer {
  const bytes = readHex(text);
  if (bytes === undefined) throw new NodeRequestError('org.bouncycastle.util.encoders.DecoderException', HEX_ERROR);
  return bytes;
}
