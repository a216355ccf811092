// Package termtest is an emulated terminal for tests that run a program
// on one: what the program draws is on its Screen, and what Type types is
// the program's input. Tests across the module share it, so the dance
// the emulator needs (its replies read, "\n" sent as "\r\n", everything
// closed in order) is written once.
package termtest
