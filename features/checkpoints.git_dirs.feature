Feature: What a command did to a .git is put back, and named, right after it
  As a developer who lets a model run commands in my working tree
  I want each .git it moved, changed or made that could run something put back at once
  So that my own git never runs a command of its choosing, and I can read what was done

  # A real repository with the user's nested repository `vendor` (a commit, a folder in its
  # hooks), a submodule `lib`, a broken `docs/.git` file and `docs/old/.git` link (git sees no
  # repository there, so no checkpoint or save holds them) and `linked/.git`, a link to a nested repository's
  # `.git`. The real `GitCheckpoints` looks before the command (run by bash in the tree)
  # and puts back after it. (A replacement is made before the old one goes: made after, it
  # may take the inode the old one freed, and then reads as changed in place; put back all
  # the same.)

  Scenario Outline: <what>
    Given a working tree with nested repositories, a submodule and odd .git entries
    When a command runs `<command>`
    Then what was done after it says "<said>"
    And every .git there before is as it was, and a new one is a folder
    And nothing outside the tree was touched

    Examples:
      | what                                   | command                                                                   | said                                                          |
      | a moved nested repository comes back   | mv vendor v2 && git -C v2 config core.fsmonitor x                         | put back vendor/.git: moved to v2/.git; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a moved submodule .git comes back      | mv lib l2 && printf 'gitdir: /x\n' > l2/.git                              | put back lib/.git: moved to l2/.git; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a hard link of a .git goes             | mkdir x && ln lib/.git x/.git                                             | put back lib/.git: moved to x/.git; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a new repository with a hook goes      | git init -q n && printf 'x' > n/.git/hooks/pre-commit                     | removed n/.git: new, with the hook hooks/pre-commit; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a new repository naming another goes   | git init -q n && echo ../../vendor/.git > n/.git/commondir                | removed n/.git: new, naming another git directory; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a new config git cannot read goes      | git init -q n && printf '[core\n' > n/.git/config                         | removed n/.git: new, its config names what git cannot read; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a new config with a filter goes        | git init -q n && git -C n config filter.x.clean cat                       | removed n/.git: new, its config names filter.x.clean; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a clone stays, a repository that runs   | git clone -q vendor n && git init -q m && git -C m config core.fsmonitor x | removed m/.git: new, its config names core.fsmonitor; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a new config linked to a tree file goes | git init -q n && mv n/.git/config n/cfg && ln -s ../cfg n/.git/config     | removed n/.git: new, with config, a link or no regular file; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a new hooks linked to a tree folder goes | git init -q n && rm -rf n/.git/hooks && mkdir n/hk && ln -s ../hk n/.git/hooks | removed n/.git: new, with hooks, a link or no regular file; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a new config that is a FIFO goes       | mkdir -p n/.git && mkfifo n/.git/config                                   | removed n/.git: new, with config, a link or no regular file   |
      | a file no save holds comes back        | printf 'gitdir: /elsewhere\n' > docs/.git                                 | put back docs/.git: changed by the command; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a folder in hooks deleted stays so     | rm -rf vendor/.git/hooks/mine                                             | nothing                                                       |
      | hooks made a link out of the tree      | rm -rf vendor/.git/hooks && ln -s ../../../outside vendor/.git/hooks      | put back vendor/.git: changed by the command; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a moved .git's folder made a link out  | mv lib l2 && ln -s ../outside lib                                         | put back lib/.git: moved to l2/.git; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a replaced .git link comes back        | ln -s /tmp linked/.git2 && mv -T linked/.git2 linked/.git                 | put back linked/.git: replaced by the command; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a replaced .git folder comes back      | git init -q t && git -C t config core.fsmonitor x && rm -rf vendor/.git && mv t/.git vendor/.git | put back vendor/.git: replaced by the command; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a .GIT in another case goes            | printf 'gitdir: /x\n' > vendor/.GIT                                       | removed vendor/.GIT: new, a git file naming a git directory elsewhere; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |

  Scenario: A folder unchanged since the look is not read again, and a changed one is
    Given a working tree with nested repositories, a submodule and odd .git entries
    And two seconds have passed since it was made
    When a command runs `printf 'gitdir: /x\n' > docs/old/.GIT && mv lib l2`
    Then what was done after it says "removed docs/old/.GIT: new, a git file naming a git directory elsewhere; put back lib/.git: moved to l2/.git; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents)"
    And every .git there before is as it was, and a new one is a folder

  Scenario Outline: A folder git takes for a git directory, whatever its name: <what>
    # git asks of each folder it passes whether it is a git directory itself (a valid HEAD,
    # objects/ and refs/, those two where a `commondir` says) before it looks for a `.git`
    # further up. The tree also holds the user's bare repository `mirror`. (Those that are
    # not one, or run nothing, are made beside one that is: `p`, with a pager.)
    Given a working tree with nested repositories, a submodule and odd .git entries
    When a command runs `<command>`
    Then what was done after it says "<said>"
    And every .git there before is as it was, and a new one is a folder
    And nothing outside the tree was touched

    Examples:
      | what                              | command                                                                                      | said                                                                       |
      | a changed config is put back      | git -C mirror config core.fsmonitor x                                                        | put back mirror: changed by the command; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a replaced one loses its config   | git init -q --bare m2 && git -C m2 config core.fsmonitor x && rm -rf mirror && mv m2 mirror  | removed mirror/config: makes mirror a git directory, its config names core.fsmonitor; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a detached HEAD counts            | mkdir -p d/objects d/refs && printf '%040d\n' 0 > d/HEAD && printf '[core]\n\tfsmonitor = x\n' > d/config | removed d/config: makes d a git directory, its config names core.fsmonitor; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a HEAD link into refs/ counts     | mkdir -p l/objects l/refs l/hooks && ln -s refs/heads/main l/HEAD && printf x > l/hooks/pre-commit | removed l/hooks/pre-commit: makes l a git directory, with the hook hooks/pre-commit; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a hooks link out goes, not its files | mkdir -p h/objects h/refs && echo 'ref: refs/heads/main' > h/HEAD && ln -s ../../outside h/hooks | removed h/hooks: makes h a git directory, with hooks, a link or no regular file; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a modules link out goes, not its files | mkdir -p h/objects h/refs && echo 'ref: refs/heads/main' > h/HEAD && ln -s ../.. h/modules | removed h/modules: makes h a git directory, with modules, a link or no regular file; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a config linked to a tree file goes | mkdir -p c/objects c/refs && echo 'ref: refs/heads/main' > c/HEAD && echo '[core]' > cfg && ln -s ../cfg c/config | removed c/config: makes c a git directory, with config, a link or no regular file; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a commondir naming one counts     | mkdir w && echo 'ref: refs/heads/main' > w/HEAD && echo ../mirror > w/commondir              | removed w/commondir: makes w a git directory, naming another git directory; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | an absolute commondir counts      | mkdir a && echo 'ref: refs/heads/main' > a/HEAD && echo "$PWD/mirror" > a/commondir          | removed a/commondir: makes a a git directory, naming another git directory; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a folder named HEAD is not one    | mkdir -p h/HEAD h/objects h/refs && printf '[core]\n\tfsmonitor = x\n' > h/config && git init -q --bare p && git -C p config core.pager x | removed p/config: makes p a git directory, its config names core.pager; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | a HEAD git cannot read is not one | mkdir -p j/objects j/refs n/objects n/refs && echo junk > j/HEAD && echo 'ref: refs/heads/main' > n/head && printf '[core]\n\tfsmonitor = x\n' > j/config && git init -q --bare p && git -C p config core.pager x | removed p/config: makes p a git directory, its config names core.pager; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |
      | one that runs nothing is kept     | git init -q --bare k && mkdir -p s/objects s/refs && echo 'ref: refs/heads/main' > s/HEAD && git init -q --bare p && git -C p config core.pager x | removed p/config: makes p a git directory, its config names core.pager; what the put-back removed or wrote over is kept in commit C, never in the tree (git show C:PATH, each .git folder as .git~cleveragents) |

  # Root lists every folder; a user does not list one they made `-wx` (`mkdir -m 311`, no
  # chmod needed), while git, vim and Claude Code started in it open its `.git`, `.exrc`,
  # `.claude` by name (attack 23, F24). Run as `nobody`: the walk gives such a folder of the
  # user's its owner's bits (u+rwx), walks it, and the put-back takes back what runs. A
  # folder the command made read-only (`chmod 555`), or a file it made unreadable, is given
  # its owner's rights for the put-back and its mode back after (walk25: PermissionError).
  # The tree also holds folders the user made `000`, `311` and `600` before, with files: the
  # walk opens them for its time only, so each keeps its exact mode and bytes, no line names
  # its mode, and the next command says nothing (walk26: left u+rwx for good, and said);
  # unless the command made it unlistable itself (the `chmod 311 a/b` rows).
  Scenario Outline: As a user not root, a folder I cannot list or write to (<after>) hides nothing from the put-back
    When as a user who is not root, a command plants in a/b and then runs `<after>`
    Then the put-back after it says "<removed>"
    And the put-back after it says "<opened>"
    And its walk found <found>, left a and a/b modes <modes> and nothing it planted

    Examples:
      | after                                                             | removed                                                                                                  | opened                                                                                                                                                                                  | found                                                    | modes              |
      | chmod 311 a/b                                                     | removed a/b/.git: new, its config names core.fsmonitor                                                   | gave a/b (was -wx--x--x) its owner's rights back (u+rwx): agents looks into every folder for what your git, editor or Claude Code would run there (chmod sets the mode back)            | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o711"] |
      | chmod 300 a/b                                                     | removed a/b/.git: new, its config names core.fsmonitor                                                   | gave a/b (was -wx------) its owner's rights back (u+rwx): agents looks into every folder for what your git, editor or Claude Code would run there (chmod sets the mode back)            | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o700"] |
      | chmod 600 a/b                                                     | removed a/b/.git: new, its config names core.fsmonitor                                                   | gave a/b (was rw-------) its owner's rights back (u+rwx): agents looks into every folder for what your git, editor or Claude Code would run there (chmod sets the mode back)            | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o700"] |
      | chmod 444 a/b/.git/hooks                                          | removed a/b/.git: new, its config names core.fsmonitor                                                   | gave a/b/.git/hooks (was r--r--r--) its owner's rights back (u+rwx): agents looks into every folder for what your git, editor or Claude Code would run there (chmod sets the mode back) | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o755"] |
      | chmod 000 a/b                                                     | removed a/b/.git: new, its config names core.fsmonitor                                                   | gave a/b (was ---------) its owner's rights back (u+rwx): agents looks into every folder for what your git, editor or Claude Code would run there (chmod sets the mode back)            | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o700"] |
      | chmod 555 a/b                                                     | removed a/b/.git: new, its config names core.fsmonitor                                                   | gave a/b (was r-xr-xr-x) its owner's rights for the put-back to take back what the command made there, then its mode back                                                               | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o555"] |
      | rm -rf a/b/.git && chmod 555 a/b                                  | removed a/b/.exrc: new, vim or nvim would run it in whatever folder it starts in (~/.vimrc's `set exrc`) | gave a/b (was r-xr-xr-x) its owner's rights for the put-back to take back what the command made there, then its mode back                                                               | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o555"] |
      | rm -rf a/b/.git && mkfifo a/b/.gitattributes && chmod 555 a/b     | removed a/b/.gitattributes: git would wait on it for good                                                | gave a/b (was r-xr-xr-x) its owner's rights for the put-back to take back what the command made there, then its mode back                                                               | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o555"] |
      | chmod 555 a/b/.claude a/b/.git/hooks && chmod 000 a/b/.git/config | removed a/b/.git: new, its config names what git cannot read                                             | removed a/b/.claude/settings.json: new, Claude Code would read it outside the sandbox                                                                                                   | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o755"] |
      | chmod 000 a/b/.mcp.json a/b/.exrc                                 | removed a/b/.git: new, its config names core.fsmonitor                                                   | removed a/b/.mcp.json: new, Claude Code would read it outside the sandbox                                                                                                               | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o755"] |
      | echo x > a/.exrc && chmod 555 a                                   | removed a/.exrc: new, vim or nvim would run it in whatever folder it starts in (~/.vimrc's `set exrc`)   | gave a (was r-xr-xr-x) its owner's rights for the put-back to take back what the command made there, then its mode back                                                                 | ["a/.exrc", "a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"] | ["0o555", "0o755"] |
      | chmod 000 .                                                       | removed a/b/.git: new, its config names core.fsmonitor                                                   | gave . (was ---------) its owner's rights back (u+rwx): agents looks into every folder for what your git, editor or Claude Code would run there (chmod sets the mode back)              | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o755"] |
      | chmod 700 u0 && echo gitdir: /x > u0/.git && chmod 000 u0         | removed u0/.git: new, a git file naming a git directory elsewhere                                        | removed a/b/.git: new, its config names core.fsmonitor                                                                                                                                  | ["a/b/.claude", "a/b/.exrc", "a/b/.mcp.json"]            | ["0o755", "0o755"] |

  # The same as a run killed while its command ran: the next command's settling takes back
  # what the command planted in the folder it made read-only, and gives the folder its mode
  # back (walk25: PermissionError, and the settling after that left the plantings for good).
  # The run is killed again midway through the next walk: the settling gives the user's
  # `000` and `311` folders their modes back (walk26: the walk's journal in the state folder).
  # An ignored file of mine in a folder of mine I cannot list: the look before a command
  # saves it as any other (walk26: git's `ls-files` before the walk could not see it, and a
  # command's `chmod 700 u0 && rm u0/s.log` lost it for good).
  Scenario: As a user not root, my ignored file in my folder of mode 000 is saved before a command
    When as a user who is not root, a command deletes my ignored u0/s.log in my folder u0 of mode 000
    Then the look before it saved u0/s.log, its record keeps it, and u0 has mode 000 again

  # A folder of mine git may list but not enter (`chmod 600`): `git add --all` cannot stat
  # what it holds, so no checkpoint is made; the refusal names the folder and its chmod
  # (walk26: it said "make that path readable" of a readable file).
  Scenario: As a user not root, my folder of mode 600 holding files is named when no checkpoint can be made
    When as a user who is not root, the tree is checkpointed with my folder u6 of mode 600
    Then the checkpoint is refused in one line: "give u6 its owner's x (`chmod u+x u6`: its mode rw------- lets git list it but not read what it holds)"

  # A folder of mine git may not list (`000`, `311`, `100`): `git add --all` leaves it out
  # with a warning only, so my files there were in no checkpoint, and a command's
  # `chmod 700 u0 && rm u0/f` lost them for good (top29). The checkpoint opens it for git and
  # gives it its mode back; the undo writes the file back into it (and into a `500` one,
  # where it died: PermissionError) and gives the folder its exact mode. So for the plan's
  # own `delete:` actions in a `311` one (the checkpoint after one died in a `000` one).
  # A command's `rm -rf u0 && ln -s ../outside u0`: the undo opens nothing through the link,
  # my `000` folder outside the tree keeps its mode (review29 F5: left `u+rwx` for good).
  Scenario Outline: As a user not root, undo brings back my files from my folder of mode <mode> (<how>)
    When as a user who is not root, <how> removes my files from my folder u0 of mode <mode>, then I undo it
    Then undo says it restored them, and u0 holds them again with mode <mode>

    Examples:
      | mode | how                                               |
      | 000  | a command                                         |
      | 311  | a command                                         |
      | 100  | a command                                         |
      | 500  | a command                                         |
      | 311  | a delete: action                                  |
      | 755  | a command replacing it by a link outside the tree |

  # A run killed after its command's `chmod 000 .` (the tree's top): the next agents cannot
  # enter the tree and says so in one line; after the `chmod u+rwx` it names, its settling
  # takes back what the command planted (attack 25 G11: a PermissionError traceback, exit 70).
  # A folder it made unlistable (`311`, `000`) is open for the settling's snapshot and
  # put-back too (review27 R1: `a/.exrc` stood; `000 a/b`: a PermissionError traceback).
  # Killed in a checkpoint once git's `add --all` had my `000` and `311` folders opened
  # (top29): the journal gives them their modes back.
  # The killed run's journal gives a folder its mode back only when as its opening left it
  # (R11: the user's own `chmod` after the kill stays), and a PID reused is not its (R12).
  Scenario Outline: As a user not root, a killed run's planting in a folder it made read-only (<after>) is settled
    When as a user who is not root, a run killed after its command planted in a/b and ran `<after>` is settled by the next command
    Then its outcome says "<said>", left a and a/b modes <modes> and nothing it planted

    Examples:
      | after                                             | said                                                                                                                      | modes              |
      | chmod 555 a/b                                     | gave a/b (was r-xr-xr-x) its owner's rights for the put-back to take back what the command made there, then its mode back | ["0o755", "0o555"] |
      | chmod 000 .                                       | (its mode --------- keeps you out): a command an agent ran before it was killed may have made it so                       | ["0o755", "0o755"] |
      | chmod 311 a/b                                     | put back a/b/.claude/settings.json                                                                                        | ["0o755", "0o311"] |
      | chmod 000 a/b                                     | put back a/b/.claude/settings.json                                                                                        | ["0o755", "0o0"]   |
      | chmod 000 a/b # then I run chmod 700 a/b          | put back a/b/.claude/settings.json                                                                                        | ["0o755", "0o700"] |
      | chmod 000 a/b # then its PID runs another process | put back a/b/.claude/settings.json                                                                                        | ["0o755", "0o0"]   |
      | echo x > a/.exrc && chmod 311 a                   | put back a/.exrc, a/b/                                                                                                    | ["0o311", "0o755"] |
      | true # killed in a checkpoint                     | put back a/b/.claude/settings.json                                                                                        | ["0o755", "0o755"] |
