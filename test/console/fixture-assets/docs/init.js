window.fixtureInit = true;
