@agents_exec
Feature: A library the model plants on agents' own loader path never loads on my host
  As a developer whose shell exported LD_LIBRARY_PATH with an entry that reaches my tree
  I want agents' own programs (its git, bubblewrap, Claude Code) started without it
  So that a library a model's command writes there never runs outside the sandbox,
  not even before the command's put-back

  Scenario Outline: The model's library reached by an LD_LIBRARY_PATH entry <kind> loads in none of agents' own processes
    # Attack 21 #4/#5: agents' own `git`, run right after the command to take the
    # checkpoint, loaded the model's `libpcre2-8.so.0` before any put-back could act.
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And a library of the tree "tools/marker.bin" that marks "LOADED" outside the tree when loaded
    And Claude answers through a stand-in server
    And Claude will propose the plan "lib" checked by ""
    And Claude will run "cp tools/marker.bin libpcre2-8.so.0; cp tools/marker.bin libz.so.1"
    When I run "agents plan run 'lib' --allow-command 'cp *'" with Claude, "<entry>" first on LD_LIBRARY_PATH
    Then no process loaded the library: "LOADED" was never written
    When I run "agents plan tree" with Claude, "<entry>" first on LD_LIBRARY_PATH
    Then no process loaded the library: "LOADED" was never written

    Examples:
      | kind                           | entry |
      | left empty: the working folder | EMPTY |
      | naming the tree's top          | TOP   |
