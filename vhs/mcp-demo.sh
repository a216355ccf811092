#!/usr/bin/env bash
# mcp-demo.sh plays an agent's side of an MCP session with the playground:
# it starts `go run ./cmd/playground --mcp`, sends it the JSON-RPC requests
# in vhs/mcp-demo.jsonl one at a time, and prints each answer's text. It
# needs only bash, sed and go (no jq). vhs/mcp.tape records it; the test in
# vhs/ replays the same requests and checks the answers.
set -euo pipefail
cd "$(dirname "$0")/.."

coproc SERVER { go run ./cmd/playground --mcp 2>/dev/null; }
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT

# field NAME JSON prints the first string value of "NAME" in JSON.
field() {
	case "$2" in *'"'"$1"'":"'*) ;; *) return 0 ;; esac
	local rest=${2#*\"$1\":\"}
	sed -n 's/^\(\([^"\\]\|\\.\)*\)".*/\1/p' <<<"$rest"
}

# unescape turns a JSON string's escapes back into text.
unescape() {
	sed -e 's/\\n/\n/g' -e 's/\\"/"/g' -e 's/\\u003c/</g' -e 's/\\u003e/>/g' \
		-e 's/\\u0026/\&/g' -e 's/\\t/\t/g' -e 's/\\\\/\\/g' <<<"$1"
}

while IFS= read -r request; do
	[ -n "$request" ] || continue
	method=$(field method "$request")
	case "$method" in
	tools/call) printf '\n\033[1m→ %s\033[0m %s\n' "$(field name "$request")" \
		"$(sed -n 's/.*"arguments":\({[^}]*}\).*/\1/p' <<<"$request")" ;;
	*) printf '\n\033[1m→ %s\033[0m\n' "$method" ;;
	esac
	printf '%s\n' "$request" >&"${SERVER[1]}"
	id=$(sed -n 's/^{"jsonrpc":"2.0","id":\([0-9]*\),.*/\1/p' <<<"$request")
	[ -n "$id" ] || continue # a notification has no answer
	while IFS= read -r answer <&"${SERVER[0]}"; do
		case "$answer" in *'"id":'"$id"[,}]*) break ;; esac
	done
	case "$answer" in
	*'"serverInfo"'*) printf '← connected to %s\n' "$(sed -n 's/.*"serverInfo":{"name":"\([^"]*\)".*/\1/p' <<<"$answer")" ;;
	*'"isError":true'*) printf '← error: %s\n' "$(unescape "$(field text "$answer")")" ;;
	*'"error":'*) printf '← error: %s\n' "$(unescape "$(field message "$answer")")" ;;
	# Screens are drawn at full size: drop trailing blanks and blank runs.
	*) unescape "$(field text "$answer")" | sed 's/ *$//' | cat -s | sed 's/^/← /' ;;
	esac
done <vhs/mcp-demo.jsonl
printf '\ndone: the agent drove the search demo through MCP.\n'
