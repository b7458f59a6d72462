import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema, type CallToolResult, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { childEnv, MAIN } from './run-cli.ts';

/**
 * An MCP client of the SDK (`Client`) over stdio against `energy-tray mcp`
 * run as a child process, as Claude Desktop or Cursor start it. Everything
 * the server writes is kept: each protocol message as JSON, and stderr, so a
 * test can prove no secret ever appears in them.
 */
export interface McpClientRun {
  client: Client;
  /** Every message the server sent, as JSON text, in order. */
  readonly received: string[];
  stderr(): string;
  /** What the person was asked (elicitation) and how the script answers. */
  elicitation: { asked: string[]; answer: 'accept' | 'decline' | 'cancel' };
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** The client side of stdio with every message of the server recorded on its way in. */
class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly inner: StdioClientTransport;

  constructor(inner: StdioClientTransport, record: (text: string) => void) {
    this.inner = inner;
    inner.onmessage = (message) => {
      record(JSON.stringify(message));
      this.onmessage?.(message);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export async function startMcpClient(options: { env: Record<string, string | undefined>; name: string; elicitation?: boolean; args?: string[] }): Promise<McpClientRun> {
  const env = childEnv(options.env);
  const inner = new StdioClientTransport({ command: process.execPath, args: [MAIN, 'mcp', ...(options.args ?? [])], env, stderr: 'pipe' });
  let stderr = '';
  inner.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const received: string[] = [];
  const transport = new RecordingTransport(inner, (text) => received.push(text));
  const client = new Client({ name: options.name, version: '1.0.0' }, { capabilities: options.elicitation ? { elicitation: { form: {} } } : {} });
  const elicitation: McpClientRun['elicitation'] = { asked: [], answer: 'decline' };
  if (options.elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      elicitation.asked.push(request.params.message);
      return elicitation.answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: elicitation.answer };
    });
  }
  await client.connect(transport);
  return {
    client,
    received,
    stderr: () => stderr,
    elicitation,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** A tool result's structured content (the test fails when the call was an error). */
export function structured<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

/** A tool error's text. */
export function errorText(result: CallToolResult): string {
  if (!result.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result.structuredContent)}`);
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}
