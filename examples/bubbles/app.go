package main

import (
	"time"

	"charm.land/bubbles/v2/textinput"
	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// app is a Facet app made of Bubble Tea parts: bubbles' textinput for the
// file name and a custom uploader component, each in a widgets.Bubble,
// beside a Facet Button. Widgets: Bubble "file", Button "start", Bubble
// "upload" (with the typed read get_progress).
type app struct {
	file   textinput.Model
	upload uploader
}

func newApp(step time.Duration) app {
	in := textinput.New()
	in.Placeholder = "report.pdf"
	in.Prompt = "File: "
	in.Focus()
	return app{file: in, upload: newUploader(step)}
}

// Init implements tea.Model: the text input's cursor blinks.
func (a app) Init() tea.Cmd { return widgets.BubbleCmd("file", textinput.Blink) }

// Update implements tea.Model: each Bubble's model takes its messages.
func (a app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	return a, tea.Batch(
		widgets.UpdateBubble("file", &a.file, msg),
		widgets.UpdateBubble("upload", &a.upload, msg),
	)
}

// View implements tea.Model.
func (a app) View() tea.Node {
	start := widgets.BubbleReceived{ID: "upload", Msgs: []bt.Msg{startUpload{file: a.file.Value()}}}
	return tea.Column{Gap: 1, Items: []tea.Node{
		tea.Text{Content: "Bubble Tea components in a Facet app", Bold: true},
		widgets.Bubble{ID: "file", View: a.file.View(), Label: "File name"},
		widgets.Button{ID: "start", Label: "Upload", OnClick: start, Disabled: a.upload.busy || a.file.Value() == ""},
		widgets.Bubble{ID: "upload", View: a.upload.View(), Label: "Upload", Tools: []widgets.BubbleAction{
			widgets.BubbleRead("get_progress", "Read the upload: the file, how far it is (0 to 1) and whether it is running.",
				func(struct{}) (any, error) {
					return map[string]any{"file": a.upload.file, "progress": a.upload.bar.Percent(), "running": a.upload.busy}, nil
				}),
		}},
		tea.Text{Content: "tab: next · type a file name, then Upload", Muted: true},
	}}
}
