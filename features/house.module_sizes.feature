Feature: Every module of cleveragents is short enough to read in one sitting
  As a maintainer of cleveragents
  I want no module of the package over 400 lines
  So that each one does one thing, and a class that grows is split into rooms of its own
  before it becomes a second implementation nobody can review

  Scenario: No module of the package is over 400 lines
    Given the modules of the package directory "cleveragents"
    Then none of them is over 400 lines
