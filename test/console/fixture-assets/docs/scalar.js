window.fixtureScalar = true;
