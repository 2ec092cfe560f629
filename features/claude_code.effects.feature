Feature: What of Claude Code's tool calls no restore undoes
  As a developer who corrects a Claude Code session
  I want each tool call that reaches outside my working tree marked irreversible, saying what
  it did there
  So that a correction across it tells me what stays done before it restores anything

  Scenario Outline: <case>
    Then the call of "<tool>" with <input> in "/repo" has outside effects: "<effect>"

    Examples:
      | case                                 | tool         | input                                                   | effect                                                       |
      | a write in the tree                  | Write        | {"file_path": "/repo/src/a.py"}                         | none                                                         |
      | a relative write in the tree         | Edit         | {"file_path": "src/a.py"}                               | none                                                         |
      | a write in another directory         | Write        | {"file_path": "/etc/hosts"}                             | writes /etc/hosts, outside the working tree                  |
      | a write climbing out of the tree     | MultiEdit    | {"file_path": "/repo/../other/a.py"}                    | writes /repo/../other/a.py, outside the working tree         |
      | a folder beside the tree             | Write        | {"file_path": "/repository/a.py"}                       | writes /repository/a.py, outside the working tree            |
      | a notebook elsewhere                 | NotebookEdit | {"notebook_path": "/tmp/n.ipynb"}                       | writes /tmp/n.ipynb, outside the working tree                |
      | a read anywhere                      | Read         | {"file_path": "/etc/passwd"}                            | none                                                         |
      | a fetch                              | WebFetch     | {"url": "https://example.com"}                          | reaches the network                                          |
      | a search                             | WebSearch    | {"query": "bwrap"}                                      | reaches the network                                          |
      | an MCP tool                          | mcp__db__put | {"key": "a"}                                            | may have effects outside the working tree (mcp__db__put is no tool whose effects are known) |
      | a file command on the tree           | Bash         | {"command": "echo hi > b.txt && mkdir -p d 2>/dev/null"} | none                                                        |
      | a download                           | Bash         | {"command": "cd src && /usr/bin/curl -O https://x.org/a"} | may reach the network (curl)                               |
      | a push                               | Bash         | {"command": "git -C . push origin main"}                | may reach the network (git push)                             |
      | an install                           | Bash         | {"command": "npm install left-pad"}                     | may reach the network (npm install)                          |
      | a server left behind                 | Bash         | {"command": "python3 -m http.server 8000 &"}            | may leave a process running (&)                              |
      | a background call                    | Bash         | {"command": "make watch", "run_in_background": true}    | leaves a process running (run_in_background)                 |
      | a pause in a folder of the tree      | Bash         | {"command": "cd src && sleep 0.2"}                      | none                                                         |
      | a chain is no background             | Bash         | {"command": "true && echo ok >&2"}                      | none                                                         |
      | a file elsewhere                     | Bash         | {"command": "echo hi > /tmp/b.txt"}                     | may have effects outside the working tree                    |
      | a climb out                          | Bash         | {"command": "rm -rf ../other"}                          | may have effects outside the working tree                    |
      | the home folder                      | Bash         | {"command": "touch ~/x"}                                | may have effects outside the working tree                    |
      | a word known only when it runs       | Bash         | {"command": "rm -rf $TARGET"}                           | may have effects outside the working tree                    |
      | a program of unknown effects         | Bash         | {"command": "make install"}                             | may have effects outside the working tree                    |
      | a program known only when it runs   | Bash         | {"command": "$EDITOR a.txt"}                            | may have effects outside the working tree                    |
      | a line the parse cannot check        | Bash         | {"command": "echo $(date) > a"}                         | may have effects outside the working tree                    |
