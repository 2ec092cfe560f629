Feature: Claude Code's sessions carried with a plan to another machine
  As a developer who pulls a Claude Code plan onto another machine
  I want its session files carried with it and put where Claude Code looks for them
  So that a correction there forks the session as it would where it ran, and nothing of
  Claude Code's own is overwritten

  Scenario: A carried session is written where Claude Code looks, and only once
    Given a Claude Code config folder
    When the session "0b7d6c53-6a52-4a3e-9f0e-1b2c3d4e5f60" is carried with "one line" and placed for the tree "/srv/my repo"
    Then the file "projects/-srv-my-repo/0b7d6c53-6a52-4a3e-9f0e-1b2c3d4e5f60.jsonl" of the config folder holds "one line"
    When the session "0b7d6c53-6a52-4a3e-9f0e-1b2c3d4e5f60" is carried with "other" and placed for the tree "/srv/my repo"
    Then the file "projects/-srv-my-repo/0b7d6c53-6a52-4a3e-9f0e-1b2c3d4e5f60.jsonl" of the config folder holds "one line"
    And the sessions found for carrying are "0b7d6c53-6a52-4a3e-9f0e-1b2c3d4e5f60.jsonl"

  Scenario: A session id that is no session id is neither carried nor written
    Given a Claude Code config folder
    When the session "../../escape" is carried with "x" and placed for the tree "/srv/r"
    Then the config folder holds no file
    And the sessions found for carrying, asked for "../../escape", are none

  # A pulled record names the transcript path: another clone's word. A push must never
  # carry a host file it names (a key, /etc/shadow) as a session's transcript.
  Scenario: A transcript path that names no session file is never read for carrying
    Given a Claude Code config folder
    And a host file "secret" holding "VICTIM-KEY"
    When the session "0b7d6c53-6a52-4a3e-9f0e-1b2c3d4e5f60" is said to be at the host file "secret"
    Then nothing is found for carrying
