Feature: Which hard-linked files the sandbox holds read-only, and when it refuses
  As a developer whose tree holds files hard-linked to files outside it
  I want exactly the files with a name outside the tree held, in as few mounts as it takes
  So that a command cannot change an outside file, and in-tree files stay writable

  Scenario: Names all in the tree are not held; a file with a name outside is, every name of it
    Given the tree's names "a.txt b.txt" of one file of 2 links
    And the tree's names "pkg.js lib/pkg.js" of one file of 3 links
    Then the files held read-only are "lib/pkg.js pkg.js"

  Scenario: Over the bound, a folder whose own files are all held is held whole; never the top
    Given linked files "top.js m/p/a.js m/p/b.js m/p/sub/c.js m/q/d.js m/q/own.txt" and 1 of them in "m/q"
    Then with a bound of 4 the places held read-only are "m/p m/q/d.js top.js"
    And with a bound of 2 nothing is held: the command is refused

  Scenario: A refusal beyond what the setting allows says only to break the links
    Then refusing 3000 linked files with a bound of 256 says "break the links (copy the files)" and no setting
