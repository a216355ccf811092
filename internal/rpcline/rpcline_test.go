package rpcline_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"testing"

	"github.com/facetui/facet/internal/rpcline"
)

// TestCallSkipsWhatIsNotItsAnswer: a server that sends a notification and
// a stale answer before each answer, and answers the second request with
// an error; the client gets each request's own result, and the error.
func TestCallSkipsWhatIsNotItsAnswer(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		defer outW.Close()
		r := bufio.NewReader(inR)
		for {
			line, err := r.ReadBytes('\n')
			if err != nil {
				return
			}
			var req struct {
				ID     *int   `json:"id"`
				Method string `json:"method"`
			}
			if json.Unmarshal(line, &req) != nil || req.ID == nil {
				continue // a notification
			}
			answer := `{"jsonrpc":"2.0","id":` + string(rune('0'+*req.ID)) + `,"result":{"method":"` + req.Method + `"}}`
			if req.Method == "fail" {
				answer = `{"jsonrpc":"2.0","id":` + string(rune('0'+*req.ID)) + `,"error":{"code":-32601,"message":"no such method"}}`
			}
			_, _ = io.WriteString(outW, `{"jsonrpc":"2.0","method":"notifications/message"}`+"\n"+`{"jsonrpc":"2.0","id":99,"result":{}}`+"\nnot json\n"+answer+"\n")
		}
	}()
	c := rpcline.New(inW, outR)
	if err := c.Notify("notifications/initialized"); err != nil {
		t.Fatal(err)
	}
	res, err := c.Call("ping", `{}`)
	if err != nil || string(res) != `{"method":"ping"}` {
		t.Fatalf("ping: %s, %v", res, err)
	}
	if _, err := c.Call("fail", `{}`); !errors.Is(err, rpcline.ErrAnswer) {
		t.Fatalf("an error answer: %v; want ErrAnswer", err)
	}
	res, err = c.Call("tools/list", `{"cursor":""}`)
	if err != nil || string(res) != `{"method":"tools/list"}` {
		t.Fatalf("tools/list: %s, %v", res, err)
	}
	_ = inW.Close()
}
