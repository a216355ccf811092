package tea

// ActionOfferer is implemented by a ToolProvider that can tell whether it
// offers an action now without building its Actions: their schemas and
// descriptions are built for every call, where a call only needs to know
// that its action is still offered. Offers must agree with Actions: true
// exactly when Actions lists an action of that name.
type ActionOfferer interface {
	Offers(action string) bool
}

// Offers reports whether p offers action now: through ActionOfferer when p
// implements it, otherwise by looking through p.Actions().
func Offers(p ToolProvider, action string) bool {
	if o, ok := p.(ActionOfferer); ok {
		return o.Offers(action)
	}
	for _, a := range p.Actions() {
		if a.Name == action {
			return true
		}
	}
	return false
}
