package mcp

import (
	"encoding/json"
	"testing"
)

// paramSeeds are params of tools/call and resources/read, ordinary and
// meant to trip a reader that goes by bytes.
var paramSeeds = []string{
	`{"name":"search.type_into","arguments":{"widget":"query","text":"ab"},"_meta":{"progressToken":1}}`,
	`{"name":"facet_act","arguments":{"session":"s1","widget":"w"}}`,
	`{"Name":"a","arguments":{"session":"x"}}`,
	`{"name":"a","name":"b"}`,
	`{"name":"a","NAME":"b"}`,
	`{"na\u006de":"b"}`,
	`{"name":"a\u002eb"}`,
	`{"name":"é.b"}`,
	`{"name":5,"arguments":{"id":"x"}}`,
	`{"name":null,"arguments":{"id":"x"}}`,
	`{"arguments":[1,{"x":"}"}],"name":"b"}`,
	`{"uri":"facet://session/x/context"}`,
	`{"uri":"facet://session/\u0078/context"}`,
	`{"URI":"facet://session/y/context"}`,
	`{"uri":"a","uri":"facet://session/z/context"}`,
	`{"uri":7}`,
	`[1,2]`,
	`"s"`,
	`null`,
	`{}`,
	``,
}

// checkParams fails t when callParams or readURI read params otherwise
// than encoding/json did when each gate decoded them itself.
func checkParams(t *testing.T, params []byte) {
	t.Helper()
	if !json.Valid(params) && len(params) > 0 {
		return // params come from a message json.Valid accepted
	}
	var call struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	_ = json.Unmarshal(params, &call)
	if name, args := callParams(params); name != call.Name || string(args) != string(call.Arguments) {
		t.Errorf("callParams(%q) = %q, %q; encoding/json: %q, %q", params, name, args, call.Name, call.Arguments)
	}
	var read struct {
		URI string `json:"uri"`
	}
	_ = json.Unmarshal(params, &read)
	if uri := readURI(params); uri != read.URI {
		t.Errorf("readURI(%q) = %q; encoding/json: %q", params, uri, read.URI)
	}
}

func TestRequestParamsAgreeWithEncodingJSON(t *testing.T) {
	for _, p := range paramSeeds {
		checkParams(t, []byte(p))
	}
}

func FuzzRequestParamsAgreeWithEncodingJSON(f *testing.F) {
	for _, p := range paramSeeds {
		f.Add([]byte(p))
	}
	f.Fuzz(func(t *testing.T, params []byte) { checkParams(t, params) })
}
