Feature: A behave process starts without the SDK it may never call, nor 190,000 tries
  As a maintainer who runs the whole suite on a 2-core machine within its 30 minutes
  I want loading the step library to leave the anthropic SDK unimported, and to check a new
  step definition only against the earlier ones that can match it
  So that the features that never call it do not each pay its second of CPU to start, and
  no behave process pays a second of CPU under coverage to find no clash

  Scenario: Loading every step definition does not import the anthropic SDK
    When behave loads every step definition in a process of its own
    Then that process has not imported the anthropic SDK

  Scenario: Loading the step library tries a new definition only on those that can match it
    When behave loads every step definition in a process of its own, counting the matches it tries
    Then it tried fewer matches than there are step definitions, times two

  Scenario: A step definition an earlier one matches is still refused, as behave words it
    Given a step library where "a cat sits" comes after "a {thing} sits"
    When behave runs a feature with that library and the suite's environment
    Then behave refuses the library: "@given('a cat sits') has already been defined in"
    And behave names the earlier definition: "existing step @given('a {thing} sits') at features/steps/pets.py:"
