package main

import (
	"strings"
	"testing"

	"github.com/facetui/facet/facettest"
	"github.com/facetui/facet/render/mcp/mcptest"
)

const secret = "s3cret-Passw0rd"

func TestSignupValidatesEveryField(t *testing.T) {
	s := facettest.Start(t, newSignup())
	s.Click("create").
		AssertComponent("status", func(c mcptest.Component) bool { return c.Label == "4 thing(s) to fix:" }).
		AssertComponent("problems", func(c mcptest.Component) bool {
			return strings.Contains(c.Label, "Enter your name.") && strings.Contains(c.Label, "Accept the terms")
		})

	tests := []struct {
		name string
		step func(s *mcptest.Session)
		fix  string // the problem the step fixes or causes
		gone bool
	}{
		{"a name", func(s *mcptest.Session) { s.TypeInto("name", "Ada Lovelace") }, "Enter your name.", true},
		{"an email without a domain", func(s *mcptest.Session) { s.TypeInto("email", "ada@") }, "Enter an email address", false},
		{"a real email", func(s *mcptest.Session) { s.TypeInto("email", "ada@example.com") }, "Enter an email address", true},
		{"a short password", func(s *mcptest.Session) { s.TypeInto("password", "abc1") }, "at least 8 characters", false},
		{"a password of letters only", func(s *mcptest.Session) { s.TypeInto("password", "abcdefghij") }, "letters and digits", false},
		{"a good password", func(s *mcptest.Session) { s.TypeInto("password", secret) }, "Use ", true},
		{"a repeat that differs", func(s *mcptest.Session) { s.TypeInto("repeat", secret+"x") }, "do not match", false},
		{"a repeat that matches", func(s *mcptest.Session) { s.TypeInto("repeat", secret) }, "do not match", true},
		{"the terms", func(s *mcptest.Session) { s.Toggle("terms") }, "Accept the terms", true},
	}
	for _, tt := range tests {
		tt.step(s)
		s.AssertComponent("problems", func(c mcptest.Component) bool {
			return strings.Contains(c.Label, tt.fix) != tt.gone
		})
	}
	s.Click("create").
		AssertComponent("status", func(c mcptest.Component) bool { return c.Label == "Welcome, Ada Lovelace! Your account is ready." })
	if got := s.Value("email"); got != "ada@example.com" {
		t.Errorf("email = %q", got)
	}
}

func TestSignupNeverShowsThePassword(t *testing.T) {
	s := facettest.Start(t, newSignup())
	s.TypeInto("name", "Ada").TypeInto("email", "ada@example.com").
		TypeInto("password", secret).TypeInto("repeat", secret).Toggle("terms").Click("create")

	screen := s.Screenshot()
	if strings.Contains(screen, secret) {
		t.Fatalf("the screen shows the password:\n%s", screen)
	}
	s.AssertScreenContains("Password: [‹masked›").AssertScreenContains("Repeat  : [‹masked›")

	// Neither field offers a read: a client cannot ask for the value.
	s.AssertToolAbsent("password.get_value").AssertToolAbsent("repeat.get_value")
	s.ExpectError("has no tool").Value("password")
	s.ExpectError("has no tool").Value("repeat")
	for _, id := range []string{"password", "repeat"} {
		c, ok := s.Component(id)
		if !ok || !c.Masked || strings.Contains(c.String(), secret) {
			t.Errorf("%s: %s", id, c)
		}
	}

	// facet_get_model answers the app's projection, which leaves the
	// password out.
	var model struct {
		Form map[string]any `json:"form"`
	}
	s.Model(&model)
	if b := s.Call("facet_get_model", nil).Text; strings.Contains(b, secret) {
		t.Errorf("facet_get_model holds the password: %s", b)
	}
	if model.Form["created"] != true {
		t.Errorf("model = %v", model)
	}
}
