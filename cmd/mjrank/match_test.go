package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestMain lets the test binary stand in for mjrank (MJRANK_TEST_AS_MJRANK=1),
// so that a match can start "mjrank mjai" as a program.
func TestMain(m *testing.M) {
	if os.Getenv("MJRANK_TEST_AS_MJRANK") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestMatchThroughMjaiCommand: a match whose every seat is the program
// "mjrank mjai --bot …" plays the direct arena's games (the same hash),
// with no reply rejected.
func TestMatchThroughMjaiCommand(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bots := []string{"mc", "thesis", "efficiency", "rulebot"}
	common := []string{"--games", "4", "--rotate", "--seed", "12", "--length", "tonpuusen", "--sims", "100", "--json"}
	hash := func(args []string) (string, [4]int) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("mjrank %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
		var res struct {
			Hash    string `json:"hash"`
			Entries []struct {
				Illegal int `json:"illegal"`
			} `json:"entries"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		var illegal [4]int
		for i, e := range res.Entries {
			illegal[i] = e.Illegal
		}
		return res.Hash, illegal
	}
	direct, _ := hash(append([]string{"arena", "--seats", strings.Join(bots, ",")}, common...))
	args := []string{"match"}
	for _, b := range bots {
		args = append(args, "--seat", fmt.Sprintf("cmd:MJRANK_TEST_AS_MJRANK=1 '%s' mjai --bot %s --sims 100", exe, b))
	}
	got, illegal := hash(append(args, common...))
	if got != direct || illegal != [4]int{} {
		t.Errorf("through mjai programs: hash %s, rejected %v; direct hash %s", got, illegal, direct)
	}
}
