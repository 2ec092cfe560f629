Feature: What the agent knows after a revert
  As a developer who sends an agent back to a decision with a word of guidance
  I want the redone branch to start from what it knew at that decision, plus my guidance
  So that it does not take the option I corrected again, and knows which files are not as it saw them

  # One rule, no store and no files (`domain/corrected_context.py`): the context at the target,
  # the superseded decisions, and the paths that differ and that were kept. Lists are
  # written "a, b"; "-" is none.

  Scenario Outline: <case>
    Given the agent's context at the target holds the guidance "<before>" and the notes "<notes>"
    And the superseded branch took the options "<taken>" at the target's step 2
    When it is corrected with the guidance "use B", "<differ>" differing, "<kept>" kept
    Then its guidance is "<guidance>"
    And the options it avoids at step 2 are "<avoided>"
    And its notes are "<told>"

    Examples:
      | case                                              | before | notes | taken      | differ | kept | guidance      | avoided    | told                                                                                                                           |
      | the guidance is added to what it was told before  | use A  | -     | -          | -      | -    | use A, use B  | -          | -                                                                                                                              |
      | the corrected option is avoided, each one once    | -      | -     | one, one   | -      | -    | use B         | one        | at step 2 the superseded branch took 'one': take another option, unless the guidance asks for it or none is left                |
      | the files that differ are named                   | -      | seen  | -          | a, b   | -    | use B         | -          | seen; files that differ from what you last saw: a, b                                                                            |
      | the user's kept edits are named                   | -      | -     | -          | -      | u    | use B         | -          | the user's own edits, kept as they are (build on them): u                                                                       |

  Scenario Outline: The conversation goes on from <where> when <restore> goes back
    Then with --restore <restore> the conversation goes on from message <message>

    Examples:
      | restore | where                   | message |
      | both    | the target              | 3       |
      | context | the target              | 3       |
      | files   | the latest message      | 9       |

  Scenario Outline: After a revert of <restore>, the agent is told <which> differ
    Given the files restored are "a, b" and those changed since the target's checkpoint "a, u"
    Then with --restore <restore> the agent is told that "<told>" differ
    And the redone branch starts from the <start> checkpoint

    Examples:
      | restore | which                                      | told | start    |
      | both    | no files                                   | -    | restored |
      | files   | the restored files                         | a, b | restored |
      | context | every file changed since the target's      | a, u | safety   |
