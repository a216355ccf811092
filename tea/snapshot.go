package tea

// Snapshot is the state of a Runtime after one Update: the model, the view
// built from it once, focus, who else acts on the runtime and what the app
// has told them. Snapshots are immutable values; reading one never races
// the owner goroutine, as long as models keep the contract on Model.
type Snapshot struct {
	Model Model
	View  Node
	Focus string
	Hover string
	Size  WindowSizeMsg
	// Version grows by one with every snapshot the runtime publishes.
	Version uint64
	// Presence is who acts on the runtime besides its human.
	Presence Presence
	// By names the agent whose message made this snapshot (an AgentMsg,
	// or a KeyInputMsg with an Agent), or is empty: the person,
	// the app's own commands and timers, the runtime.
	By string
	// Notifications are the pending notifications, oldest first (see
	// NotifyMsg). The slice is never changed once published.
	Notifications []Notification
	// Recent are the last MaxRecentNotifications notifications raised,
	// oldest first, whether still pending or not: a renderer that answers
	// an agent now and then tells it what it missed in between. Never
	// changed once published.
	Recent []Notification
}

// Transition is what one dispatched message did: the snapshot before it was
// applied and the one after.
type Transition struct {
	Before, After Snapshot
	// Settled, when Update returned a command, is closed once that
	// command has run and the message it returned is queued for Update
	// (a Batch, Sequence or Tick counts once it is under way). A caller
	// that wants what the command brings (a notification, say) waits on
	// it, then on Barrier. Nil when Update returned no command.
	Settled <-chan struct{}
}
