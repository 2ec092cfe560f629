Feature: Killing agents or Claude Code at any point of a run or a correction loses nothing
  As a developer whose Claude Code plan is killed (agents, or the Claude Code it runs)
  I want my files kept, the plan resumable, and undo working afterwards
  So that no way of stopping a Claude Code plan costs me a byte or leaves it running

  # scripts/claude_code_kill_trials.py runs the real `agents plan run --actor claude-code`
  # or a correction of such a plan, with the real Claude Code against the stand-in Messages
  # API, SIGKILLs `agents` or the Claude Code process it started (by PID) at a random point,
  # lets the user edit files, resumes the plan and undoes it, comparing the working tree
  # byte for byte. Two trials here (CLEVERAGENTS_CLAUDE_CODE_KILL_TRIALS for more) with a
  # seed from the clock, printed on stderr; CLEVERAGENTS_KILL_SEED replays one. By hand:
  #   python scripts/claude_code_kill_trials.py --trials 20

  Scenario: SIGKILL of agents or Claude Code at random points of a run and a correction
    When the Claude Code kill trials run with a seed from the clock
    Then no trial lost a byte of the working tree
    And no operation was left running or interrupted where undo refuses it
    And no command exited 70
    And every trial passed

  # The window a CI trial found (seed 1024998281): agents killed after Claude Code's Edit or
  # Write of a correction wrote its file, before the checkpoint after the call. The settling
  # kept that file as if the user had edited it, and undo left it. The journal now names
  # what such a call leaves before it runs, so the settling puts it back.
  Scenario Outline: SIGKILL of agents just after a correction's <tool> wrote its file
    When the Claude Code kill trials kill agents in a correction once <path> holds "<text>"
    Then no trial lost a byte of the working tree
    And no command exited 70
    And every trial passed

    Examples:
      | tool  | path  | text  |
      | Edit  | a.txt | three |
      | Write | e.txt | e     |

  # The window a helper's run found (seed 307208681): Claude Code itself killed after its
  # Write wrote the file, before its PostToolUse. agents closed only the Bash calls left
  # open, so the file was taken for the user's edit and undo of the run left it. Every call
  # cut off is now closed with a checkpoint after it (`claude_code_calls.unfinished`).
  # The same window of a Bash call (CI, seed 3696238056): its command ran in the box and
  # wrote b.txt, Claude Code was killed before its PostToolUse, and the Bash call was closed
  # with no checkpoint after it, so the run's end lacked b.txt and undo kept it.
  Scenario Outline: SIGKILL of Claude Code just after a run's <tool> wrote <path>
    When the Claude Code kill trials kill Claude Code in a run once <path> holds "<text>"
    Then no trial lost a byte of the working tree
    And no command exited 70
    And every trial passed

    Examples:
      | tool  | path      | text |
      | Write | a.txt     | one  |
      | Bash  | b.txt     | hi   |
      | Write | out/c.txt | c    |
