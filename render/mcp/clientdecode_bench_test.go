package mcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
)

// BenchmarkClientDecode is what an mcp-go client spends on an answer once
// its line has arrived, as its stdio transport and CallTool read it: the
// line read for its id, read again as a response, and the result parsed
// (text content and structured content decoded). It costs in proportion
// to the answer's size (bytes/op), and it counts against a call as much as
// the server's work: the echo's answer against get_rows' and a
// screenshot's.
func BenchmarkClientDecode(b *testing.B) {
	page, err := benchTable(390).Invoke("get_rows", map[string]any{"limit": 100})
	if err != nil {
		b.Fatal(err)
	}
	rows, err := readResult("results_get_rows", page.Value())
	if err != nil {
		b.Fatal(err)
	}
	answers := []struct {
		name string
		res  *sdk.CallToolResult
	}{
		{"echo", sdk.NewToolResultText("1")},
		{"get_rows_100", toWire(rows, nil)},
		{"screenshot", toWire(screenResult(tea.Snapshot{View: benchSearchView(), Focus: "query"}, nil), nil)},
	}
	for _, a := range answers {
		line, err := json.Marshal(sdk.NewJSONRPCResultResponse(sdk.NewRequestId(7), a.res))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(a.name, func(b *testing.B) {
			b.ReportAllocs()
			text := string(line) + "\n"
			for b.Loop() {
				l := strings.TrimRight(text, "\r\n")
				var base struct {
					JSONRPC string         `json:"jsonrpc"`
					ID      *sdk.RequestId `json:"id,omitempty"`
					Method  string         `json:"method,omitempty"`
				}
				if err := json.Unmarshal([]byte(l), &base); err != nil {
					b.Fatal(err)
				}
				var resp transport.JSONRPCResponse
				if err := json.Unmarshal([]byte(l), &resp); err != nil {
					b.Fatal(err)
				}
				if _, err := sdk.ParseCallToolResult(&resp.Result); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(line)), "answer_bytes")
		})
	}
}
