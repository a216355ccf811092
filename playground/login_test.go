package playground

import (
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestLoginSubmitChecksTheForm(t *testing.T) {
	tests := []struct {
		name, email, password string
		wantStatus            string
		wantSignedIn          bool
	}{
		{"valid", "ada@example.com", "hunter2", "Signed in as ada@example.com", true},
		{"subdomain", "x@mail.example.co.uk", "p", "Signed in as x@mail.example.co.uk", true},
		{"empty email", "", "hunter2", "Enter your email address", false},
		{"no at", "ada.example.com", "hunter2", "Enter a valid email address", false},
		{"no tld", "ada@example", "hunter2", "Enter a valid email address", false},
		{"no local part", "@example.com", "hunter2", "Enter a valid email address", false},
		{"trailing dot", "ada@example.", "hunter2", "Enter a valid email address", false},
		{"two ats", "a@b@example.com", "hunter2", "Enter a valid email address", false},
		{"space", "ada lovelace@example.com", "hunter2", "Enter a valid email address", false},
		{"no password", "ada@example.com", "", "Enter your password", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, NewLogin())
			dispatch(t, rt, widgets.TextChanged{ID: "email", Value: tt.email})
			dispatch(t, rt, widgets.TextChanged{ID: "password", Value: tt.password})
			dispatch(t, rt, loginSubmit{})
			l := modelOf[LoginDemo](t, rt)
			got := textOf(t, rt, "status")
			if tt.wantSignedIn && got != tt.wantStatus {
				t.Errorf("status = %q, want exactly %q", got, tt.wantStatus)
			}
			if !strings.HasPrefix(got, tt.wantStatus) {
				t.Errorf("status = %q, want it to start with %q", got, tt.wantStatus)
			}
			if l.SignedIn() != tt.wantSignedIn {
				t.Errorf("SignedIn() = %v, want %v", l.SignedIn(), tt.wantSignedIn)
			}
		})
	}
}

func TestLoginByKeyboardSignsIn(t *testing.T) {
	rt := start(t, NewLogin())
	typeText(t, rt, "grace@navy.mil")
	press(t, rt, "tab")
	typeText(t, rt, "cobol")
	press(t, rt, "tab", "space", "tab")
	if f := rt.Snapshot().Focus; f != "submit" {
		t.Fatalf("focus = %q, want submit", f)
	}
	press(t, rt, "enter")
	if got := textOf(t, rt, "status"); got != "Signed in as grace@navy.mil" {
		t.Fatalf("status = %q, want exactly the contract's %q", got, "Signed in as grace@navy.mil")
	}
	if got := textOf(t, rt, "remembered"); got != "Remembered on this device." {
		t.Errorf("remembered = %q", got)
	}
	if !widget[widgets.Checkbox](t, rt, "remember").Checked {
		t.Error("remember is not checked after space")
	}
}

func TestLoginIsOneBoxWithItsLabelsLinedUp(t *testing.T) {
	rt := start(t, NewLogin())
	if b, ok := rt.Snapshot().View.(tea.Box); !ok || !b.NoBorder || b.Title != "" {
		t.Errorf("the form is %#v, want a borderless group inside the browser's box, not a second titled box", rt.Snapshot().View)
	}
	email, password := render(t, rt, "email", 40), render(t, rt, "password", 40)
	if i, j := strings.Index(email, "["), strings.Index(password, "["); i != j || i < 0 {
		t.Errorf("fields do not line up:\n%s\n%s", email, password)
	}
	if strings.Contains(email, " :") {
		t.Errorf("the email label is padded before its colon: %q", email)
	}
}

func TestLoginEnterInAFieldSubmits(t *testing.T) {
	rt := start(t, NewLogin())
	typeText(t, rt, "not-an-email")
	press(t, rt, "enter")
	if got := textOf(t, rt, "status"); !strings.HasPrefix(got, "Enter a valid email address") {
		t.Fatalf("status = %q", got)
	}
}

func TestLoginPasswordIsMaskedEverywhere(t *testing.T) {
	rt := start(t, NewLogin())
	dispatch(t, rt, widgets.TextChanged{ID: "password", Value: "s3cret"})
	pw := widget[widgets.TextInput](t, rt, "password")
	if pw.Mask != '•' || !tea.IsMasked(pw) {
		t.Fatalf("password mask = %q, masked = %v", pw.Mask, tea.IsMasked(pw))
	}
	if drawn := render(t, rt, "password", 60); strings.Contains(drawn, "s3cret") || !strings.Contains(drawn, "••••••") {
		t.Errorf("password drawn as %q", drawn)
	}
	if d := pw.Describe(); strings.Contains(strings.ToLower(fmtAny(d.State)), "s3cret") {
		t.Errorf("Describe leaks the password: %v", d.State)
	}
	for _, a := range pw.Actions() {
		if a.Name == "get_value" {
			t.Error("a masked field offers get_value")
		}
	}
}

func TestLoginTypingClearsAStaleComplaint(t *testing.T) {
	tests := []struct {
		name  string
		field string
		keys  []string
	}{
		{"typing in the email", "email", []string{"x"}},
		{"deleting from the email", "email", []string{"backspace"}},
		{"typing the password", "password", []string{"p"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, NewLogin())
			focus(t, rt, "email")
			typeText(t, rt, "ada")
			press(t, rt, "enter")
			if got := textOf(t, rt, "status"); !strings.HasPrefix(got, "Enter a valid email address") {
				t.Fatalf("status after submitting %q = %q", "ada", got)
			}
			focus(t, rt, tt.field)
			press(t, rt, tt.keys...)
			if got := textOf(t, rt, "status"); got != loginPrompt {
				t.Fatalf("status after %s = %q, want the prompt back (%q)", tt.name, got, loginPrompt)
			}
		})
	}
}
