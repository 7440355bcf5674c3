console.log("fixture app");
