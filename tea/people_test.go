package tea

import (
	"context"
	"slices"
	"testing"
)

// People join, change, leave, and stay while agents come and go.
func TestPeopleJoinAndLeaveASession(t *testing.T) {
	ada, bob := Person{Name: "ada"}, Person{Name: "bob"}
	tests := []struct {
		name string
		msgs []Msg
		want []Person
	}{
		{"the inviter then a guest", []Msg{JoinMsg{ada}, JoinMsg{bob}}, []Person{ada, bob}},
		{"joining twice is once", []Msg{JoinMsg{ada}, JoinMsg{ada}}, []Person{ada}},
		{"a guest made read-only", []Msg{JoinMsg{ada}, JoinMsg{bob}, JoinMsg{Person{Name: "bob", ReadOnly: true}}}, []Person{ada, {Name: "bob", ReadOnly: true}}},
		{"a guest leaves", []Msg{JoinMsg{ada}, JoinMsg{bob}, LeaveMsg{"bob"}}, []Person{ada}},
		{"leaving unknown is nothing", []Msg{JoinMsg{ada}, LeaveMsg{"eve"}}, []Person{ada}},
		{"agents detached and allowed keep the people", []Msg{JoinMsg{ada}, AttachAgentMsg{"a1"}, DetachAgentsMsg{}, AllowAgentsMsg{}}, []Person{ada}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt, err := Start(context.Background(), &agentModel{})
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Stop()
			for _, m := range tt.msgs {
				if _, err := rt.Dispatch(context.Background(), m); err != nil {
					t.Fatal(err)
				}
			}
			if got := rt.Snapshot().Presence.People; !slices.Equal(got, tt.want) {
				t.Fatalf("people %v, want %v", got, tt.want)
			}
		})
	}
}
