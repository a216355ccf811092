package tea

// AgentMsg is a message an agent sends: the runtime applies Msg as it
// would any message, and the snapshot that results names Agent in its By,
// so that a renderer can say who changed what ("agent claude set Count:
// 3"). A KeyInputMsg with an Agent needs no wrapping.
type AgentMsg struct {
	Agent string
	Msg   Msg
}
