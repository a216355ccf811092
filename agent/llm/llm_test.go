package llm_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/llm"
	"github.com/facetui/facet/agent/mcphost/mcphosttest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcptest"
)

// scripted is a model with scripted answers, by how far the
// conversation has come: search for "cli", submit, sort by stars, read the
// rows, then answer with the three most-starred Go repositories among the
// rows it was given. A request that forbids tool calls (tool_choice
// "none") is a question (the agent tool's ask).
type scripted struct {
	mu    sync.Mutex
	asked []string
}

// next answers a conversation that allows tool calls to the tools it
// offers (nil for a question) and has had results so far, the first of
// them the screen the agent looked at before it asked; question is the
// last user text.
func (s *scripted) next(tools []string, results []string, question string) (string, [][2]string) {
	if len(results) > 0 {
		results = results[1:]
	}
	if len(tools) == 0 {
		s.mu.Lock()
		s.asked = append(s.asked, question)
		s.mu.Unlock()
		return "I searched for cli, sorted by stars and read the rows.", nil
	}
	tool := func(suffix string) string {
		for _, t := range tools {
			if strings.HasSuffix(t, suffix) {
				return t
			}
		}
		return "missing" + suffix
	}
	switch len(results) {
	case 0:
		return "I will search for CLIs first.", [][2]string{{tool("_search_type_into"), `{"text":"cli"}`}}
	case 1:
		return "", [][2]string{{tool("_submit_click"), `{}`}}
	case 2:
		return "", [][2]string{{tool("_results_sort"), `{"column":"stars","direction":"desc"}`}}
	case 3:
		return "", [][2]string{{tool("_results_get_rows"), `{}`}}
	}
	return "The three most-starred Go CLIs: " + strings.Join(topGo(rowsOfText(results[len(results)-1]), 3), ", ") + ".", nil
}

// exchange is one request to a test model as it reads it, whatever the
// wire format.
type exchange struct {
	// tools are the tools the model may call: none for a question, a
	// request that forbids calls (tool_choice "none").
	tools []string
	// parts are the request's texts in order: its system part, then each
	// message's.
	parts []part
}

// part is one text of a request: the system part ("system"), a user
// message's text ("user"), an assistant's text or tool call arguments
// ("assistant"), or a tool result ("tool").
type part struct{ kind, text string }

// of are the texts of the parts of kind.
func (e exchange) of(kind string) []string {
	var out []string
	for _, p := range e.parts {
		if p.kind == kind {
			out = append(out, p.text)
		}
	}
	return out
}

// question is the last user text.
func (e exchange) question() string {
	users := e.of("user")
	if len(users) == 0 {
		return ""
	}
	return users[len(users)-1]
}

// testModel answers an exchange with text and tool calls (name, JSON
// arguments).
type testModel interface {
	answer(e exchange) (string, [][2]string)
}

func (s *scripted) answer(e exchange) (string, [][2]string) {
	return s.next(e.tools, e.of("tool"), e.question())
}

// openAIServer speaks OpenAI's Chat Completions wire format.
func openAIServer(model testModel) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/chat/completions" || r.Header.Get("Authorization") != "Bearer test-key" {
			http.Error(w, `{"error":{"message":"unexpected request"}}`, http.StatusBadRequest)
			return
		}
		var req struct {
			Messages []struct {
				Role      string          `json:"role"`
				Content   json.RawMessage `json:"content"`
				ToolCalls []struct {
					Function struct {
						Arguments string `json:"arguments"`
					} `json:"function"`
				} `json:"tool_calls"`
			} `json:"messages"`
			Tools []struct {
				Function struct {
					Name string `json:"name"`
				} `json:"function"`
			} `json:"tools"`
			ToolChoice any `json:"tool_choice"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var e exchange
		for _, t := range req.Tools {
			if req.ToolChoice != "none" {
				e.tools = append(e.tools, t.Function.Name)
			}
		}
		for _, m := range req.Messages {
			if len(m.Content) > 0 && string(m.Content) != "null" {
				e.parts = append(e.parts, part{m.Role, blockText(m.Content)})
			}
			for _, c := range m.ToolCalls {
				e.parts = append(e.parts, part{"assistant", c.Function.Arguments})
			}
		}
		text, calls := model.answer(e)
		msg := map[string]any{"role": "assistant", "content": text}
		finish := "stop"
		if len(calls) > 0 {
			var tc []map[string]any
			for i, c := range calls {
				tc = append(tc, map[string]any{"id": fmt.Sprintf("call_%d_%d", len(e.of("tool")), i), "type": "function",
					"function": map[string]any{"name": c[0], "arguments": c[1]}})
			}
			msg["tool_calls"] = tc
			finish = "tool_calls"
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-test", "object": "chat.completion", "created": 1, "model": "test-model",
			"choices": []any{map[string]any{"index": 0, "finish_reason": finish, "message": msg}}})
	})
}

// anthropicServer speaks Anthropic's Messages wire format.
func anthropicServer(model testModel) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		keyed := r.Header.Get("X-Api-Key") == "test-key" || r.Header.Get("Authorization") == "Bearer test-key"
		if r.URL.Path != "/v1/messages" || !keyed {
			http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"unexpected request"}}`, http.StatusBadRequest)
			return
		}
		var req struct {
			System   json.RawMessage `json:"system"`
			Messages []struct {
				Role    string            `json:"role"`
				Content []json.RawMessage `json:"content"`
			} `json:"messages"`
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
			ToolChoice struct {
				Type string `json:"type"`
			} `json:"tool_choice"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var e exchange
		for _, t := range req.Tools {
			if req.ToolChoice.Type != "none" {
				e.tools = append(e.tools, t.Name)
			}
		}
		if len(req.System) > 0 {
			e.parts = append(e.parts, part{"system", blockText(req.System)})
		}
		toolBlocks := false
		for _, m := range req.Messages {
			for _, raw := range m.Content {
				var b struct {
					Type    string          `json:"type"`
					Text    string          `json:"text"`
					Input   json.RawMessage `json:"input"`
					Content json.RawMessage `json:"content"`
				}
				_ = json.Unmarshal(raw, &b)
				switch b.Type {
				case "tool_result":
					e.parts = append(e.parts, part{"tool", blockText(b.Content)})
					toolBlocks = true
				case "tool_use":
					e.parts = append(e.parts, part{"assistant", string(b.Input)})
					toolBlocks = true
				case "text":
					e.parts = append(e.parts, part{m.Role, b.Text})
				}
			}
		}
		if toolBlocks && len(req.Tools) == 0 { // as Anthropic's API answers
			http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"Requests which include tool_use or tool_result blocks must define tools."}}`, http.StatusBadRequest)
			return
		}
		text, calls := model.answer(e)
		content := []any{}
		if text != "" {
			content = append(content, map[string]any{"type": "text", "text": text})
		}
		stop := "end_turn"
		for i, c := range calls {
			content = append(content, map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_%d_%d", len(e.of("tool")), i), "name": c[0], "input": json.RawMessage(c[1])})
			stop = "tool_use"
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "msg_test", "type": "message", "role": "assistant", "model": "test-model",
			"content": content, "stop_reason": stop, "usage": map[string]any{"input_tokens": 1, "output_tokens": 1}})
	})
}

// blockText reads a content: a string, or text blocks.
func blockText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &blocks)
	var out []string
	for _, b := range blocks {
		out = append(out, b.Text)
	}
	return strings.Join(out, "")
}

// rowsOfText reads get_rows' answer as a model reads it: the compact text,
// a header of column names and one tab-separated line a row.
func rowsOfText(answer string) []map[string]any {
	var header []string
	var rows []map[string]any
	for _, line := range strings.Split(answer, "\n") {
		line = strings.TrimSpace(line)
		if !strings.Contains(line, "\t") {
			continue
		}
		cells := strings.Split(line, "\t")
		if header == nil {
			header = cells
			continue
		}
		row := map[string]any{}
		for i, c := range cells {
			if i < len(header) {
				row[header[i]] = c
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// topGo names the n most-starred Go rows.
func topGo(rows []map[string]any, n int) []string {
	type repo struct {
		name  string
		stars float64
	}
	var gos []repo
	for _, r := range rows {
		if r["language"] == "Go" {
			stars, isNumber := r["stars"].(float64) // typed, in structured content
			if !isNumber {
				n, _ := strconv.Atoi(fmt.Sprint(r["stars"])) // a cell of the text
				stars = float64(n)
			}
			gos = append(gos, repo{fmt.Sprint(r["name"]), stars})
		}
	}
	sort.SliceStable(gos, func(i, j int) bool { return gos[i].stars > gos[j].stars })
	var out []string
	for i := 0; i < n && i < len(gos); i++ {
		out = append(out, gos[i].name)
	}
	return out
}

func env(values map[string]string) func(string) string {
	return func(k string) string { return values[k] }
}

func TestTheLLMAgentCompletesTheSearchTask(t *testing.T) {
	providers := []struct {
		name   string
		server func(testModel) http.Handler
		key    string
	}{
		{llm.ProviderOpenAI, openAIServer, llm.EnvOpenAIKey},
		{llm.ProviderAnthropic, anthropicServer, llm.EnvAnthropicKey},
	}
	for _, p := range providers {
		t.Run(p.name, func(t *testing.T) {
			model := &scripted{}
			hs := httptest.NewServer(p.server(model))
			t.Cleanup(hs.Close)
			searchTask(t, model, map[string]string{llm.EnvProvider: p.name, llm.EnvModel: "test-model", p.key: "test-key", llm.EnvBaseURL: hs.URL})
		})
	}
}

func searchTask(t *testing.T, model *scripted, vars map[string]string) {
	srv, _ := mcphosttest.Serve(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}}, agent.Options{Kinds: map[string]agent.Factory{llm.Kind: llm.New(llm.Options{
		Getenv: env(vars),
	})}})
	s := mcptest.Start(t, playground.NewSearch(), mcptest.WithServer(srv), mcptest.WithID("s1"), mcptest.WithApp("search"),
		mcptest.WithWaitTimeout(time.Minute))
	s.SpawnAgent(llm.Kind, "m1", map[string]any{"goal": "find the three most-starred Go CLIs"})
	st := s.WaitAgent("m1")
	if st["status"] != "done" {
		t.Fatalf("the agent ended %v: %v", st["status"], st["error"])
	}
	var rows struct {
		Rows []map[string]any `json:"rows"`
	}
	if err := s.Call("results.get_rows", nil).Decode(&rows); err != nil {
		t.Fatal(err)
	}
	want := "The three most-starred Go CLIs: " + strings.Join(topGo(rows.Rows, 3), ", ") + "."
	if strings.Count(want, ",") != 2 {
		t.Fatalf("the demo data has fewer than three Go CLIs: %s", want)
	}
	detail, _ := st["detail"].(map[string]any)
	if detail["answer"] != want {
		t.Fatalf("answer = %q, want %q", detail["answer"], want)
	}
	s.AssertJournal("m1", func(j mcptest.Journal) bool {
		got := strings.Join(j.Calls(), " ")
		return got == "facet_screenshot s1_search_type_into s1_submit_click s1_results_sort s1_results_get_rows" &&
			strings.Contains(fmt.Sprint(j.Entries), "model: "+want)
	})
	if got := s.Call("agent", map[string]any{"action": "ask", "id": "m1", "question": "what did you do?"}).Text; !strings.Contains(got, "sorted by stars") {
		t.Fatalf("ask = %q", got)
	}
	model.mu.Lock()
	defer model.mu.Unlock()
	if len(model.asked) != 1 || !strings.Contains(model.asked[0], "what did you do?") {
		t.Fatalf("the model was asked %q", model.asked)
	}
}

func TestSpawningWithoutAProviderSaysWhatToSet(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		goal string
		want string
	}{
		{"nothing configured", nil, "x", "set FACET_LLM_PROVIDER=openai (any OpenAI-compatible Chat Completions API) or anthropic, FACET_LLM_MODEL (the model name), and the provider's key, OPENAI_API_KEY or ANTHROPIC_API_KEY"},
		{"anthropic without its key", map[string]string{llm.EnvProvider: "anthropic", llm.EnvModel: "m", llm.EnvOpenAIKey: "k"}, "x", "needs ANTHROPIC_API_KEY"},
		{"an unknown provider", map[string]string{llm.EnvProvider: "oracle"}, "x", `"oracle" is not a provider`},
		{"no key", map[string]string{llm.EnvProvider: "openai", llm.EnvModel: "m"}, "x", "needs OPENAI_API_KEY"},
		{"no model", map[string]string{llm.EnvProvider: "openai", llm.EnvOpenAIKey: "k"}, "x", "FACET_LLM_MODEL is not set"},
		{"no goal", map[string]string{llm.EnvProvider: "openai", llm.EnvOpenAIKey: "k", llm.EnvModel: "m"}, " ", "needs a goal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := llm.New(llm.Options{Getenv: env(c.env)})(agent.Spec{Kind: llm.Kind, ID: "m1", Session: "s1", Goal: c.goal})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one containing %q", err, c.want)
			}
		})
	}
}
