Feature: What a command or a model does to a .mcp.json is undone or refused
  As a developer who approved a project's MCP servers by name for Claude Code
  I want a .mcp.json a command made removed, one it changed or deleted put back, and a
  model's write, edit or delete of one refused
  So that my next `claude` starts no server command of the model's on the host

  # The repository of checkpoints.claude_dirs.feature, with the user's own top-level
  # `.mcp.json` naming the server "docs". The real `GitCheckpoints` looks before the command
  # (run by bash in the tree) and puts back after it. `C` stands for the commit that keeps
  # what the command wrote.

  Scenario Outline: <what>
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file ".mcp.json" holding "{"mcpServers": {"docs": {"command": "true"}}}\n"
    When a command there runs `<command>`
    Then the put-back says "<said>"
    And the file ".mcp.json" holds "{"mcpServers": {"docs": {"command": "true"}}}\n" again, and no "<made>" stands
    And the commit named holds "<kept>" as "<bytes>"

    Examples:
      | what                                | command                                                  | made             | kept             | bytes     | said |
      | a server command rewritten goes back | printf '{"x": 1}' > .mcp.json                           | sub/.mcp.json    | .mcp.json        | {"x": 1}  | put back .mcp.json: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | a deleted one comes back            | rm .mcp.json                                             | sub/.mcp.json    | -                | -         | put back .mcp.json: deleted by the command |
      | one replaced by a link comes back   | printf '{"y": 2}' > o.json && ln -sf o.json .mcp.json    | sub/.mcp.json    | .mcp.json        | o.json    | put back .mcp.json: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | a new one deeper down goes          | printf '{"z": 3}' > other/.mcp.json                      | other/.mcp.json  | other/.mcp.json  | {"z": 3}  | removed other/.mcp.json: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | one in another case goes            | printf '{"z": 3}' > sub/.MCP.JSON                        | sub/.MCP.JSON    | sub/.MCP.JSON    | {"z": 3}  | removed sub/.MCP.JSON: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | one made a folder goes              | mkdir -p sub/.mcp.json && printf 'w' > sub/.mcp.json/x   | sub/.mcp.json    | sub/.mcp.json/x  | w         | removed sub/.mcp.json/x: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |

  Scenario: The file a .mcp.json link of the user's leads to is looked at too
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "conf/mcp.json" holding "{}\n"
    And the user's tree also has the link "sub/.mcp.json" to "../conf/mcp.json"
    When a command there runs `printf '{"x": 1}' > conf/mcp.json`
    Then the put-back says "put back conf/mcp.json: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And the file "conf/mcp.json" holds "{}\n" again, and no "other/.mcp.json" stands

  Scenario Outline: A model's <kind> of <path> is refused
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file ".mcp.json" holding "{}\n"
    And the user's tree also has the link "m.json" to ".mcp.json"
    When the model's action "<kind>" is applied to "<path>"
    Then the action is refused, naming "<path>", and every file Claude Code runs is as it was
    And the file ".mcp.json" holds "{}\n" again, and no "sub/.mcp.json" stands

    Examples:
      | kind   | path          |
      | write  | .mcp.json     |
      | write  | sub/.Mcp.Json |
      | edit   | .mcp.json     |
      | delete | .mcp.json     |
      | write  | m.json        |

  Scenario Outline: "<name>" is Claude Code's .mcp.json: <answer>
    Then the file name "<name>" is Claude Code's .mcp.json: <answer>

    Examples:
      | name               | answer |
      | .mcp.json          | yes    |
      | .MCP.JSON          | yes    |
      | .mcp<U+200C>.json  | yes    |
      | .mcp.json.         | yes    |
      | mcp.json           | no     |
      | .mcp.jsonc         | no     |
      | .mcp<U+00E9>.json  | no     |
