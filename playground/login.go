package playground

import (
	"strings"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// loginSubmit is the sign-in button's message.
type loginSubmit struct{}

// LoginDemo is a sign-in form. Widgets: TextInput "email", TextInput
// "password" (masked with '•'), Checkbox "remember", Button "submit", Text
// "status" (exactly "Signed in as <email>" on success) and, once signed in
// with remember checked, Text "remembered".
type LoginDemo struct {
	email    widgets.TextInputState
	password widgets.TextInputState
	remember widgets.CheckboxState
	status   string
	signedIn bool
}

// loginPrompt is the status line before a submit, and again once a field
// with a complaint is edited.
const loginPrompt = "Enter your email and password, then press Sign in."

// NewLogin returns an empty sign-in form.
func NewLogin() LoginDemo {
	return LoginDemo{
		email:    widgets.TextInputState{ID: "email"},
		password: widgets.TextInputState{ID: "password"},
		remember: widgets.CheckboxState{ID: "remember"},
		status:   loginPrompt,
	}
}

// Init implements tea.Model.
func (l LoginDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (l LoginDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if l.email.Update(msg) || l.password.Update(msg) {
		if _, edited := msg.(widgets.TextChanged); edited && !l.signedIn {
			// The complaint was about what was there before: typing
			// answers it, and the next submit checks again.
			l.status = loginPrompt
		}
		return l, nil
	}
	if l.remember.Update(msg) {
		return l, nil
	}
	switch m := msg.(type) {
	case widgets.TextSubmitted:
		if m.ID == "email" || m.ID == "password" {
			return l.submit(), nil
		}
	case loginSubmit:
		return l.submit(), nil
	}
	return l, nil
}

// submit checks the form and says what is wrong, or signs in.
func (l LoginDemo) submit() LoginDemo {
	email := strings.TrimSpace(l.email.Value)
	l.signedIn = false
	switch {
	case email == "":
		l.status = "Enter your email address"
	case !plausibleEmail(email):
		l.status = "Enter a valid email address (like name@example.com)"
	case l.password.Value == "":
		l.status = "Enter your password"
	default:
		l.signedIn = true
		l.status = "Signed in as " + email
	}
	return l
}

// plausibleEmail accepts something@something.tld: one @, a non-empty local
// part, and a domain with a dot that neither starts nor ends it, no spaces.
func plausibleEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || strings.ContainsAny(s, " \t") || strings.Contains(domain, "@") {
		return false
	}
	dot := strings.LastIndex(domain, ".")
	return dot > 0 && dot < len(domain)-1 && !strings.HasPrefix(domain, ".") && !strings.Contains(domain, "..")
}

// SignedIn reports whether the last submit succeeded.
func (l LoginDemo) SignedIn() bool { return l.signedIn }

// Status returns the status line.
func (l LoginDemo) Status() string { return l.status }

// loginLabelWidth lines the form's fields up: "Password: " is the widest
// label.
const loginLabelWidth = 10

// View implements tea.Model.
func (l LoginDemo) View() tea.Node {
	email := l.email.View(widgets.TextInput{})
	email.Label, email.LabelWidth, email.Placeholder = "Email", loginLabelWidth, "you@example.com"
	password := l.password.View(widgets.TextInput{})
	password.Label, password.LabelWidth, password.Mask = "Password", loginLabelWidth, '•'
	remember := l.remember.View(widgets.Checkbox{})
	remember.Label = "Remember me"
	items := []tea.Node{
		tea.Text{Content: "Sign in to Facet Cloud", Bold: true},
		email,
		password,
		remember,
		widgets.Button{ID: "submit", Label: "Sign in", OnClick: loginSubmit{}},
		widgets.Text{ID: "status", Content: l.status, Bold: l.signedIn},
	}
	if l.signedIn && l.remember.Checked {
		items = append(items, widgets.Text{ID: "remembered", Content: "Remembered on this device.", Muted: true})
	}
	// The browser's box already says "Sign in": the form is a padded group,
	// not a second box with the same title.
	return tea.Box{NoBorder: true, Padding: 1, Width: 64, Child: tea.Column{Gap: 1, Items: items}}
}
