// Package termtest is what tests need to run a program as a person at a
// terminal would: an emulated Terminal (what the program draws is on its
// Screen, what Type types is its input), a SyncBuffer for its stderr, and
// Eventually, to wait for either (or for an agent's answer) to show
// something. Tests across the module share it, so the dance the emulator
// needs (its replies read, "\n" sent as "\r\n", everything closed in
// order) is written once.
package termtest
