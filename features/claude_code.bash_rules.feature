Feature: The user's Claude Code rules for Bash hold for the commands we box
  As a developer whose Claude Code settings deny or ask about some Bash commands
  I want those rules applied to the model's command, since Claude Code sees only our launcher
  So that a command my settings refuse is refused still, now that Bash runs in the sandbox

  Scenario Outline: A <kind> rule <rule> and `<command>`: <verdict>
    Then the Claude Code <kind> rule "<rule>" makes `<command>` <verdict>

    Examples:
      | kind | rule               | command                       | verdict   |
      | deny | Bash(git init:*)   | git init made                 | refused   |
      | deny | Bash(git init:*)   | git initialize                | allowed   |
      | deny | Bash(git init:*)   | echo a && git  init x         | refused   |
      | deny | Bash(ls *)         | ls -la                        | refused   |
      | deny | Bash(ls *)         | ls                            | refused   |
      | deny | Bash(ls *)         | lsof                          | allowed   |
      | deny | Bash(* --version)  | node --version                | refused   |
      | deny | Bash(npm run test) | npm run test                  | refused   |
      | deny | Bash(npm run test) | npm run test2                 | allowed   |
      | deny | Bash               | true                          | refused   |
      | ask  | Bash(git push:*)   | git push origin main          | refused   |
      | ask  | Bash(git push:*)   | git pull                      | allowed   |
      | deny | Read(./x)          | cat x                         | allowed   |
      | deny | Bash(rm:*)         | echo $(rm -rf x)              | refused   |
      | deny | Bash(git push:*)   | git -C . push origin HEAD     | refused   |
      | deny | Bash(git push:*)   | git -c a=b --no-pager push    | refused   |
      | deny | Bash(git push:*)   | git -C . pull                 | allowed   |
      | deny | Bash(rm:*)         | command rm -f README          | refused   |
      | deny | Bash(rm:*)         | \\rm -f README                | refused   |
      | deny | Bash(rm:*)         | /bin/rm -f README             | refused   |
      | deny | Bash(rm:*)         | env A=1 rm -f README          | refused   |
      | deny | Bash(rm:*)         | r""m -f README                | refused   |
      | deny | Bash(rm:*)         | nice -n 5 rm -f README        | refused   |
      | deny | Bash(rm:*)         | timeout 5 rm -f README        | refused   |
      | deny | Bash(rm:*)         | exec rm -f README             | refused   |
      | deny | Bash(rm:*)         | bash -c "rm -f README"        | refused   |
      | deny | Bash(rm:*)         | find . -delete                | refused   |
      | deny | Bash(rm:*)         | ls \| xargs rm                | refused   |
      | deny | Bash(rm:*)         | x=rm; $x -f README            | refused   |
      | deny | Bash(rm:*)         | echo rm                       | allowed   |
      | deny | Bash(rm:*)         | env -S'rm -rf x'              | refused   |
      | deny | Bash(rm:*)         | timeout --kill-after 5 10 rm x | refused  |
      | deny | Bash(rm:*)         | nice --adjustment 5 rm x      | refused   |
      | deny | Bash(rm:*)         | time -f %e rm x               | refused   |
