Feature: A login shell on my host reads my .profile while a command runs, never the model's .bash_profile
  As a developer whose dotfiles repository is (or holds) my home, with a .profile and no
  .bash_profile
  I want the .bash_profile a sandboxed command would write held by agents while it runs,
  holding what bash reads without it, and gone after
  So that a tmux pane, an ssh login or `su -` I open meanwhile runs my .profile, never the
  model's bytes

  Scenario Outline: A login bash during the command reads .profile, never the model's line (<where>)
    Given a git repository with files:
      | path               | content                  |
      | <home>/.profile    | echo profile-canary\n    |
      | <home>/.bashrc     | # rc\n                   |
    And the user's home is the tree's folder "<home>"
    And a login bash starts on the host every 0.2 s while ".bash_profile" of the home stands
    And Claude answers through a stand-in server
    And Claude will propose the plan "dots" checked by ""
    And Claude will run "echo 'echo model-line' > <home>/.bash_profile; echo 'echo model-line' > <home>/.bash_login; sleep 2"
    When I run "agents plan run 'dots' --allow-command 'echo *' --allow-command 'sleep *'" with Claude
    Then the exit code is 0
    And each login bash printed "profile-canary", none "model-line", and at least one ran
    And the file "<home>/.bash_profile" does not exist
    And the file "<home>/.bash_login" does not exist

    Examples:
      | where                  | home   |
      | the tree holds my home | home/u |
      | the tree is my home    | .      |

  Scenario: A login bash reads the .bash_login that stands, through the file made for .bash_profile
    Given a git repository with files:
      | path        | content                   |
      | .bash_login | echo login-canary\n       |
      | .profile    | echo profile-line\n       |
    And the user's home is the tree's folder "."
    And a login bash starts on the host every 0.2 s while ".bash_profile" of the home stands
    And Claude answers through a stand-in server
    And Claude will propose the plan "dots" checked by ""
    And Claude will run "echo 'echo model-line' > .bash_profile; sleep 2"
    When I run "agents plan run 'dots' --allow-command 'echo *' --allow-command 'sleep *'" with Claude
    Then the exit code is 0
    And each login bash printed "login-canary", none "model-line", and at least one ran
    And the file ".bash_profile" does not exist

  Scenario: The .bash_profile a killed agents left goes at the next agents command
    Given a git repository with files:
      | path     | content                 |
      | .profile | echo profile-canary\n   |
    And the user's home is the tree's folder "."
    And Claude answers through a stand-in server
    And Claude will propose the plan "dots" checked by ""
    And Claude will run "sleep 30"
    When I start "agents plan run 'dots' --allow-command 'sleep *'" with Claude and SIGKILL it once ".bash_profile" stands in the tree
    And I run "agents plan list"
    Then the file ".bash_profile" does not exist
    And stderr contains "removed .bash_profile: a file a killed command's sandbox stood on"
