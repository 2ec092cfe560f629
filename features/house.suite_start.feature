Feature: A behave process starts without the SDK it may never call
  As a maintainer who runs the whole suite on a 2-core machine within its 30 minutes
  I want loading the step library to leave the anthropic SDK unimported
  So that the features that never call it do not each pay its second of CPU to start

  Scenario: Loading every step definition does not import the anthropic SDK
    When behave loads every step definition in a process of its own
    Then that process has not imported the anthropic SDK
