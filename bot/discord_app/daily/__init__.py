"""The daily championship: the cog (:mod:`.cog`, ``/rummy daily …``), a try's
components, what is shown of a try and a day (:mod:`.present`), and the post of each
day's close (:mod:`.poster`)."""
