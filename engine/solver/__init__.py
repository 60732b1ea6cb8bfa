"""The exact tile rummy solver (:mod:`engine.solver.exact`): the best play from a table and
a rack, by a dynamic program over the numbers (:mod:`engine.solver.dp`, also compiled in
``_dpcore.c``) or a depth-first search with bounds (:mod:`engine.solver.dfs`)."""
