// The TypeScript side of `go run ./cmd/bench -client ts`: one official
// TypeScript SDK client, connected over stdio (StdioClientTransport) to the
// server command given as JSON in argv[2], making the calls that the Go side
// asks for one at a time. What to call, in which order, and what the answers
// mean all stay in Go (cmd/bench/calls.go); this file only calls and times.
//
// Protocol, one JSON value a line:
//   argv[2]  {"command": "...", "args": ["..."], "env": {"K": "V"}}  the server,
//            its env added to node's own
//   stdout   {"ready": true, "node": "v20.x"} once connected and initialized
//   stdin    {"tool": "...", "args": {...}}                 a call to make
//   stdout   {"ms": 0.42, "result": {...}}                  its time and result
//         or {"error": "..."}                               it failed
// Each call is timed with performance.now() around client.callTool, which
// includes the SDK's decoding and validation of the answer. End of stdin
// closes the client (and so the server) and exits.
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

function reply(value) {
  process.stdout.write(JSON.stringify(value) + '\n');
}

async function main() {
  const server = JSON.parse(process.argv[2] ?? 'null');
  if (server === null || typeof server.command !== 'string') {
    throw new Error('argv[2] must be the server as JSON: {"command": "...", "args": [...], "env": {...}}');
  }
  const client = new Client({ name: 'facet-bench', version: '1' });
  await client.connect(new StdioClientTransport({
    command: server.command,
    args: server.args ?? [],
    env: { ...process.env, ...server.env },
    stderr: 'inherit',
  }));
  reply({ ready: true, node: process.version });
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const { tool, args } = JSON.parse(line);
    const start = performance.now();
    let result;
    try {
      result = await client.callTool({ name: tool, arguments: args });
    } catch (err) {
      reply({ error: `${tool}: ${err instanceof Error ? err.message : String(err)}` });
      continue;
    }
    const ms = performance.now() - start;
    reply({ ms, result });
  }
  await client.close();
}

main().catch((err) => {
  reply({ error: err instanceof Error ? err.message : String(err) });
  process.exitCode = 1;
});
