package widgets

// ownID reports whether a message for widget msgID belongs to the state
// whose id is stateID; an empty state id owns nothing: the state helpers'
// rule (see the package doc).
func ownID(stateID, msgID string) bool { return stateID != "" && stateID == msgID }
