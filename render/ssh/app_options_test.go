package ssh_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
)

func TestNewNamesTheAppFieldThatBreaksItsRule(t *testing.T) {
	cases := []struct {
		name  string
		opts  ssh.Options
		field string // "" means New accepts opts
	}{
		{"an app", ssh.Options{App: counter}, ""},
		{"ModelFor in place of App.New", ssh.Options{App: tea.App{Name: "counter"}, ModelFor: newCounter}, ""},
		{"no app", ssh.Options{}, "Name"},
		{"a name with a space", ssh.Options{App: tea.App{Name: "my counter", New: counter.New}}, "Name"},
		{"no constructor", ssh.Options{App: tea.App{Name: "counter"}}, "New"},
		{"ModelFor without a name", ssh.Options{ModelFor: newCounter}, "Name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.opts.HostKeyPath = filepath.Join(t.TempDir(), "key")
			_, err := ssh.New(c.opts)
			if c.field == "" {
				if err != nil {
					t.Fatalf("New = %v, want nil", err)
				}
				return
			}
			var ae *tea.AppError
			if !errors.As(err, &ae) || ae.Field != c.field {
				t.Fatalf("New = %v, want a *tea.AppError on %s", err, c.field)
			}
		})
	}
}

func TestAppNewRunsEachConnectionWithoutModelFor(t *testing.T) {
	srv := serve(t, ssh.Options{App: counter})
	c := connect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
	// The model knows nothing of the connection: App.New made it, not
	// newCounter.
	c.waitFor("session:  user:  term: ", "count: 0")
	c.press("\r")
	c.waitFor("count: -1")
	sess, ok := srv.Sessions().Get("ssh1")
	if !ok || sess.App != "counter" {
		t.Fatalf("session ssh1 = %+v, %v; want app counter", sess, ok)
	}
}
