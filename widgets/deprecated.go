package widgets

// The names the widgets' events had before they followed one rule (see the
// package doc). Each is an alias of its new name, so code written against
// the old names compiles unchanged for one release.

// Toggled is the old name of CheckboxToggled.
//
// Deprecated: use CheckboxToggled.
type Toggled = CheckboxToggled

// Submitted is the old name of TextSubmitted.
//
// Deprecated: use TextSubmitted.
type Submitted = TextSubmitted

// CursorMoved is the old name of TextCursorMoved.
//
// Deprecated: use TextCursorMoved.
type CursorMoved = TextCursorMoved

// MenuSelected is the old name of MenuChosen: a Menu's leaf is chosen, as
// a SelectList's option is, and Selected names a selection that moved.
//
// Deprecated: use MenuChosen.
type MenuSelected = MenuChosen

// Seeked is the old name of ScrubberSeeked.
//
// Deprecated: use ScrubberSeeked.
type Seeked = ScrubberSeeked

// PlaybackChanged is the old name of ScrubberPlaybackChanged.
//
// Deprecated: use ScrubberPlaybackChanged.
type PlaybackChanged = ScrubberPlaybackChanged

// SelectionChanged is the old name of SelectListSelected.
//
// Deprecated: use SelectListSelected.
type SelectionChanged = SelectListSelected

// Chosen is the old name of SelectListChosen.
//
// Deprecated: use SelectListChosen.
type Chosen = SelectListChosen

// SpinnerTick is the old name of SpinnerTicked.
//
// Deprecated: use SpinnerTicked.
type SpinnerTick = SpinnerTicked

// RowSelected is the old name of TableRowSelected.
//
// Deprecated: use TableRowSelected.
type RowSelected = TableRowSelected

// Sorted is the old name of TableSorted.
//
// Deprecated: use TableSorted.
type Sorted = TableSorted

// TabSelected is the old name of TabsSelected.
//
// Deprecated: use TabsSelected.
type TabSelected = TabsSelected

// NodeSelected is the old name of TreeNodeSelected.
//
// Deprecated: use TreeNodeSelected.
type NodeSelected = TreeNodeSelected

// Scrolled is the old name of ViewportScrolled.
//
// Deprecated: use ViewportScrolled.
type Scrolled = ViewportScrolled

// BubbleMsg is the old name of BubbleReceived.
//
// Deprecated: use BubbleReceived.
type BubbleMsg = BubbleReceived
