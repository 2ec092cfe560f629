Feature: What gc frees of the browser's kept files
  As a developer whose plans kept page states, screenshots, cookies and storage
  I want `agents gc` to remove only the kept files no plan left names
  So that a plan I keep never loses a page it shows or restores, and nothing else is touched

  # The sweep `agents gc` runs (`adapters/environments/browser/page_sweep.py`) on a real
  # folder laid out as the browser keeps it; the Robot suite `browser_gc.robot` runs it
  # through `agents gc` after real browser plans.

  Scenario: A file a named file names is kept; links, the profile and odd names are not looked at
    Given a browser folder whose state "a" names the trail "b", with "c" named by nothing
    And the browser folder has a linked folder, a profile file and an odd name, all named by nothing
    When gc sweeps the browser folder with records naming only "a"
    Then "a" and "b" are kept, "c" is removed, and the rest is untouched
    And a second sweep, as a dry run with no records, counts "a" and "b" and removes nothing
