"""Turn notifications by direct message (issue 27): the notices' sender, their buttons."""
