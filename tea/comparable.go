package tea

import "reflect"

// Comparable reports whether w can be compared with == (and so key a map):
// its type is comparable and so is every value held in its interface
// fields. A comparable type can still hold an uncomparable value in an
// interface field (an OnClick message that is a slice); comparing it would
// panic, and Comparable reports false instead.
func Comparable(w Widget) (ok bool) {
	if !reflect.TypeOf(w).Comparable() {
		return false
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	_ = w == w
	return true
}
