package main

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// signup is a sign-up form. Widgets: TextInput "name" and "email",
// PasswordField "password", TextInput "repeat" (masked), Checkbox "terms",
// Button "create", Text "status" and Text "problems". The password lives in
// the model only: no tool reads it and the screen draws its mask.
type signup struct {
	Name     widgets.TextInputState `json:"name"`
	Email    widgets.TextInputState `json:"email"`
	Password widgets.TextInputState `json:"-"`
	Repeat   widgets.TextInputState `json:"-"`
	Terms    widgets.CheckboxState  `json:"terms"`
	Problems []string               `json:"problems"`
	Created  bool                   `json:"created"`
}

type create struct{}

func newSignup() signup {
	return signup{
		Name:     widgets.TextInputState{ID: "name"},
		Email:    widgets.TextInputState{ID: "email"},
		Password: widgets.TextInputState{ID: "password"},
		Repeat:   widgets.TextInputState{ID: "repeat"},
		Terms:    widgets.CheckboxState{ID: "terms"},
	}
}

func (s signup) Init() tea.Cmd { return nil }

func (s signup) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s.Name.Update(msg) || s.Email.Update(msg) || s.Password.Update(msg) || s.Repeat.Update(msg) || s.Terms.Update(msg) {
		if s.Problems != nil {
			s.Problems = s.validate() // keep the list current once shown
		}
		return s, nil
	}
	switch msg.(type) {
	case create, widgets.TextSubmitted:
		return s.submit(), nil
	}
	return s, nil
}

func (s signup) submit() signup {
	s.Problems = s.validate()
	s.Created = len(s.Problems) == 0
	return s
}

// validate lists what is wrong with the form, in field order.
func (s signup) validate() []string {
	problems := []string{}
	if strings.TrimSpace(s.Name.Value) == "" {
		problems = append(problems, "Enter your name.")
	}
	if !plausibleEmail(strings.TrimSpace(s.Email.Value)) {
		problems = append(problems, "Enter an email address like name@example.com.")
	}
	pw := s.Password.Value
	switch {
	case len([]rune(pw)) < 8:
		problems = append(problems, "Use a password of at least 8 characters.")
	case !strings.ContainsFunc(pw, unicode.IsDigit) || !strings.ContainsFunc(pw, unicode.IsLetter):
		problems = append(problems, "Use letters and digits in the password.")
	}
	if s.Repeat.Value != pw {
		problems = append(problems, "The passwords do not match.")
	}
	if !s.Terms.Checked {
		problems = append(problems, "Accept the terms to continue.")
	}
	return problems
}

func plausibleEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	dot := strings.LastIndex(domain, ".")
	return ok && local != "" && !strings.ContainsAny(s, " \t") && !strings.Contains(domain, "@") &&
		dot > 0 && dot < len(domain)-1
}

func (s signup) status() string {
	switch {
	case s.Created:
		return fmt.Sprintf("Welcome, %s! Your account is ready.", strings.TrimSpace(s.Name.Value))
	case len(s.Problems) > 0:
		return fmt.Sprintf("%d thing(s) to fix:", len(s.Problems))
	}
	return "All fields are required."
}

func (s signup) View() tea.Node {
	name := s.Name.View(widgets.TextInput{Label: "Name    "})
	email := s.Email.View(widgets.TextInput{Label: "Email   ", Placeholder: "you@example.com"})
	repeat := s.Repeat.View(widgets.TextInput{Label: "Repeat  ", Mask: '•'})
	terms := s.Terms.View(widgets.Checkbox{Label: "I accept the terms of service"})
	return tea.Box{Title: "Create your account", Padding: 1, Width: 70, Child: tea.Column{Gap: 1, Items: []tea.Node{
		name,
		email,
		widgets.PasswordField{ID: "password", Label: "Password", Value: s.Password.Value},
		repeat,
		terms,
		widgets.Button{ID: "create", Label: "Create account", OnClick: create{}},
		widgets.Text{ID: "status", Content: s.status(), Bold: s.Created},
		widgets.Text{ID: "problems", Content: strings.Join(s.Problems, "\n"), Muted: true},
	}}}
}

// Projections implements tea.Projector: "form" (signup://state/form) is
// what an agent may know of the form: name, email, terms, the problems
// left and whether the account was created. Never the password.
func (s signup) Projections() []tea.Projection {
	return []tea.Projection{{
		URI:         "signup://state/form",
		Name:        "form",
		Description: "The sign-up form without its passwords: name, email, terms, problems and created.",
		Value: func() any {
			return map[string]any{
				"name":     s.Name.Value,
				"email":    s.Email.Value,
				"terms":    s.Terms.Checked,
				"problems": s.Problems,
				"created":  s.Created,
			}
		},
	}}
}
