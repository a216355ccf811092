package tea

import (
	"errors"
	"fmt"
)

// IDRule describes a valid widget or session id.
const IDRule = "1-32 characters of [A-Za-z0-9_-]"

// ErrInvalidID is matched (errors.Is) by every *InvalidIDError.
var ErrInvalidID = errors.New("invalid id")

// InvalidIDError names an id that breaks IDRule.
type InvalidIDError struct {
	What string // "session", "widget"
	ID   string
}

func (e *InvalidIDError) Error() string {
	return fmt.Sprintf("invalid %s id %q: must be %s", e.What, e.ID, IDRule)
}

// Is makes errors.Is(err, ErrInvalidID) true.
func (e *InvalidIDError) Is(target error) bool { return target == ErrInvalidID }

// ValidID reports whether id is 1-32 characters of [A-Za-z0-9_-].
func ValidID(id string) bool {
	if len(id) == 0 || len(id) > 32 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// CheckID returns an *InvalidIDError when id breaks IDRule.
func CheckID(what, id string) error {
	if !ValidID(id) {
		return &InvalidIDError{What: what, ID: id}
	}
	return nil
}
