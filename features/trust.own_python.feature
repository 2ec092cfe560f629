Feature: agents' own Python in my tree is only what its import path reads files from
  As a developer whose tree holds folders on agents' import path (an editable install's src)
  I want agents to count as its own Python only the folders and zip archives Python reads
  modules from, not the names an import hook takes (an editable install's path-hook entry)
  So that no sandbox stands on, and no put-back removes, a file of that name in my tree

  # Each example runs a Python process in the tree with the entry on its `sys.path` (the
  # editable finder is the one setuptools writes for `pip install -e`) and asks it for the
  # folders of agents' own Python there (`host_folders.own_python`).
  Scenario Outline: agents' own Python holds <found> for <entry> on its import path
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And agents' sys.path holds <entry>
    When agents looks for its own Python in the tree
    Then agents' own Python in the tree is <found>

    Examples:
      | entry                                                         | found     |
      | an editable install's path-hook entry                         | "nothing" |
      | an editable install's path-hook entry, a file of its name     | "nothing" |
      | an editable install's path-hook entry, a folder of its name   | "__editable__.myproj-1.0.finder.__path_hook__" |
      | the tree's folder "src"                                       | "src"     |
      | the tree's zip archive "lib/py.zip"                           | "lib/py.zip" |
      | the tree's folder "build/py", not there yet                   | "nothing" |
